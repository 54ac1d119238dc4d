import type { Strings } from '../../../lib/i18n/strings';

/**
 * Responsible gaming namespace (`rg`): the limits page (/jogoResponsavel) and the reality check.
 * Portuguese is the source of every key.
 */
const ptBR = {
  title: 'Jogo responsável',
  intro:
    'Defina limites, faça uma pausa ou autoexclua-se. Um limite menor vale na hora; um maior, ou a retirada de um limite, só depois de 24 horas.',
  loginFirst: 'Entre para definir seus limites.',
  login: 'Entrar',
  used: 'Usado: {{used}}',
  pending: 'Passa a {{value}} em {{time}}',
  operator: 'Limite definido pela operadora: {{value}}',
  none: 'sem limite',
  reality: 'Lembrete de tempo de jogo (minutos)',
  realityHint: '5 a 240; vazio desliga',
  save: 'Salvar limites',
  saved: 'Limites salvos',
  invalid: 'Use apenas números positivos',
  tooLarge: 'Valor acima do máximo de {{max}}',
  minutesRange: 'Use minutos inteiros, de 1 a {{max}}',
  countRange: 'Use um número inteiro, de 1 a {{max}}',
  realityInvalid: 'Use minutos inteiros, de {{min}} a {{max}}, ou deixe vazio para desligar',
  unchanged: 'Nenhuma alteração para salvar',
  cancelPending: 'Cancelar alteração',
  pendingCancelled: 'Alteração cancelada: o limite atual continua valendo',
  pauseTitle: 'Pausa e autoexclusão',
  cooloff: 'Pausa (1 a 42 dias)',
  self: 'Autoexclusão',
  days: 'Dias de pausa',
  daysRange: 'A pausa vai de {{min}} a {{max}} dias',
  selfLength: 'Duração da autoexclusão',
  months6: '6 meses',
  year1: '1 ano',
  years2: '2 anos',
  forever: 'Permanente',
  start: 'Continuar',
  confirmTitle: 'Confirmar',
  confirmCooloff:
    'Sua conta ficará pausada por {{days}} dia(s): você será desconectado em todos os aparelhos, e apostas, depósitos e promoções serão bloqueados. Saques pendentes continuam sendo pagos.',
  confirmSelf:
    'Sua conta será autoexcluída ({{length}}): você será desconectado em todos os aparelhos, e apostas, depósitos e promoções serão bloqueados. Saques pendentes continuam sendo pagos.',
  balanceCooloff:
    'Você tem {{balance}} na conta. Durante a pausa não será possível entrar para sacar: se quiser, saque antes de confirmar.',
  balanceSelf:
    'Você tem {{balance}} na conta. Durante a autoexclusão não será possível entrar: depois da nossa análise, enviamos o valor por PIX para a chave do seu próprio CPF verificado. Para sacar você mesmo agora, saque antes de confirmar.',
  balanceSelfUnverified:
    'Você tem {{balance}} na conta. Durante a autoexclusão não será possível entrar para sacar: se quiser, saque antes de confirmar.',
  withdrawNow: 'Sacar agora',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  excludedUntil: 'Conta pausada até {{time}}',
  excludedForever: 'Conta autoexcluída permanentemente',
  doneCooloff: 'Sua conta está pausada até {{time}}. Você foi desconectado em todos os aparelhos.',
  doneSelf: 'Sua conta está autoexcluída até {{time}}. Você foi desconectado em todos os aparelhos.',
  doneForever: 'Sua conta está autoexcluída permanentemente. Você foi desconectado em todos os aparelhos.',
  national: 'Plataforma nacional de autoexclusão',
  nationalText: 'Você também pode se excluir de todas as casas de apostas autorizadas no Brasil.',
  realityTitle: 'Lembrete de jogo',
  realityText: 'Você está jogando há {{minutes}} minutos. Resultado desde a entrada: {{net}}.',
  keepPlaying: 'Continuar jogando',
  seeLimits: 'Ver meus limites',
  stop: 'Sair',
  menu: 'Jogo responsável',
  kind: {
    deposit: 'Depósitos',
    loss: 'Perdas',
    stake: 'Valor apostado',
    time: 'Tempo de jogo (minutos)',
    bets: 'Número de apostas',
  },
  period: {
    day: 'Por dia',
    week: 'Por semana',
    month: 'Por mês',
  },
  overlap: {
    dayWeek: 'O limite por dia está acima do limite por semana: vale o menor, o semanal.',
    dayMonth: 'O limite por dia está acima do limite por mês: vale o menor, o mensal.',
    weekMonth: 'O limite por semana está acima do limite por mês: vale o menor, o mensal.',
  },
};

export type RgMessages = Strings<typeof ptBR>;
export default ptBR;

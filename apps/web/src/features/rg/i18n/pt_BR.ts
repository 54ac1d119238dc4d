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
  pauseTitle: 'Pausa e autoexclusão',
  cooloff: 'Pausa (1 a 42 dias)',
  self: 'Autoexclusão',
  days: 'Dias de pausa',
  selfLength: 'Duração da autoexclusão',
  months6: '6 meses',
  year1: '1 ano',
  years2: '2 anos',
  forever: 'Permanente',
  start: 'Continuar',
  confirmTitle: 'Confirmar',
  confirmCooloff:
    'Sua conta ficará pausada por {{days}} dias: você será desconectado em todos os aparelhos, e apostas, depósitos e promoções serão bloqueados. Saques pendentes continuam sendo pagos.',
  confirmSelf:
    'Sua conta será autoexcluída ({{length}}): você será desconectado em todos os aparelhos, e apostas, depósitos e promoções serão bloqueados. Saques pendentes continuam sendo pagos.',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  excludedUntil: 'Conta pausada até {{time}}',
  excludedForever: 'Conta autoexcluída permanentemente',
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
    stake: 'Apostas',
    time: 'Tempo de jogo (minutos)',
  },
  period: {
    day: 'Por dia',
    week: 'Por semana',
    month: 'Por mês',
  },
};

export type RgMessages = Strings<typeof ptBR>;
export default ptBR;

import type { Strings } from '../../../lib/i18n/strings';

/**
 * Rounds namespace (`rounds`): the shared-round games (double, crash, lucky colour), their clock, bets and
 * history. Portuguese is the source of every key.
 */
const ptBR = {
  games: { double: 'Double', crash: 'Crash', luckyColor: 'Cor da sorte' },
  /** A bet's answer lost (offline, timed out): betting again with the same key answers its first result. */
  lostAnswer:
    'Sem resposta do servidor: confira sua conexão e aposte de novo (a mesma aposta nunca é cobrada duas vezes).',
  rtp: 'RTP {{rtp}}',
  rtpUpTo: 'RTP até {{rtp}}',
  odds: 'RTP desta aposta: {{rtp}} · paga {{times}} ({{amount}})',
  oddsUpTo: 'RTP desta aposta: {{rtp}} · paga até {{times}} ({{amount}})',
  oddsCashout: 'RTP desta aposta: {{rtp}} · paga o multiplicador em que você sacar',
  phase: {
    betting: 'Apostas encerram em {{seconds}}s',
    closed: 'Apostas encerradas · sorteio em {{seconds}}s',
    spinning: 'Girando…',
    rising: 'Subindo!',
    result: 'Resultado',
    waiting: 'Próxima rodada em {{seconds}}s',
    void: 'Rodada cancelada: apostas devolvidas',
    loading: 'Carregando a rodada…',
  },
  amount: 'Valor da aposta',
  half: 'Metade do valor',
  double: 'Dobrar o valor',
  place: 'Apostar',
  placed: 'Aposta feita: {{amount}}',
  loginToBet: 'Entre para apostar',
  colors: { white: 'Branco', red: 'Vermelho', black: 'Preto', green: 'Verde', violet: 'Violeta' },
  betOn: 'Apostar em {{pick}}',
  roundBets: 'Apostas da rodada ({{count}})',
  noBets: 'Nenhuma aposta ainda',
  history: 'Últimos resultados',
  myBets: 'Minhas apostas',
  noMyBets: 'Suas apostas aparecem aqui',
  states: { open: 'Em jogo', won: 'Ganhou', lost: 'Perdeu', refunded: 'Devolvida' },
  round: 'Rodada {{id}}',
  result: { double: 'Saiu {{tile}} · {{color}}', lucky: 'Saiu {{digit}}', crash: 'Explodiu em {{point}}' },
  crash: {
    auto: 'Retirada automática (opcional)',
    autoHint: 'ex.: 2,00',
    cashout: 'Retirar {{amount}}',
    cashedOut: 'Retirou em {{point}}',
    lost: 'Sua aposta de {{amount}} perdeu',
    crashed: 'Explodiu!',
    players: 'Jogadores',
  },
  lucky: {
    period: 'Período {{number}}',
    periods: 'Duração do período',
    big: 'Grande',
    small: 'Pequeno',
    fee: 'Taxa de 2% em cada aposta; pagamentos sobre os 98% restantes',
    trend: 'Tendência dos últimos sorteios',
    number: 'Número',
  },
  verify: 'Verificar',
  chain: 'Compromisso da cadeia: {{hash}}',
  verifier: {
    title: 'Verificar as rodadas',
    intro:
      'Seu navegador recalcula cada resultado a partir do hash da rodada e do sal publicado, e confere que cada hash leva ao da rodada anterior até o compromisso publicado antes da primeira rodada.',
    busy: 'Verificando…',
    summary: '{{good}} de {{count}} rodadas conferem',
    salt: 'Sal: {{salt}}',
    noSalt: 'sal ainda não publicado',
    mismatch: 'mostrado {{shown}}, calculado {{computed}}',
    broken: 'hash fora da cadeia',
    failed: 'Não foi possível buscar a cadeia. Tente de novo.',
  },
};

export default ptBR;

/** Every language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type RoundsMessages = Strings<typeof ptBR>;

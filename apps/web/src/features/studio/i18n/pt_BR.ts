import type { Strings } from '../../../lib/i18n/strings';

/** Studio namespace (`studio`): our slots' game page. Portuguese is the source of every key. */
const ptBR = {
  goodLuck: 'Boa sorte!',
  notEnough: 'Saldo insuficiente para esta aposta.',
  spinFailed: 'O giro não foi concluído. Confira seu saldo e tente de novo.',
  noWin: 'Sem ganho desta vez',
  freeSpinsTotal: 'Rodadas grátis pagaram {{amount}}',
  winsTotal: '{{count}} ganhos somam {{amount}}',
  lineWin: 'Linha {{line}}: {{count}}× {{symbol}} = {{amount}}',
  anyWin: '{{count}}× {{symbol}} = {{amount}}',
  bigWin: 'Grande ganho!',
  megaWin: 'Mega ganho!',
  superWin: 'Super mega ganho!',
  tapToContinue: 'Toque para continuar',
  studio: 'Aposta Studios',
  demo: 'Demo',
  history: 'Rodadas',
  info: 'Informações do jogo',
  freeSpins: 'Rodadas grátis',
  freeSpinsLeft: 'restam {{count}}',
  // The wallet's playable figure. The game cannot tell whether bonus is in it (the wallet answers one sum), so it
  // never says "com bônus": the app's bar on /play shows the split.
  balance: 'Saldo',
  // A demo's play money: no bonus in it, no real money.
  demoBalance: 'Saldo demo',
  win: 'Ganho',
  turbo: 'Turbo',
  bet: 'Aposta',
  betDown: 'Diminuir aposta',
  betUp: 'Aumentar aposta',
  autoTitle: 'Giro automático',
  autoSpins: '{{count}} giros',
  autoStop: 'Parar',
  autoStopLoss: 'Parar se perder (R$)',
  autoStopWin: 'Parar num ganho a partir de (R$)',
  autoNoStop: 'sem limite',
  autoStoppedLoss: 'Giro automático parado: limite de perda atingido',
  autoStoppedWin: 'Giro automático parado: um ganho atingiu o limite',
  auto: 'Auto',
  spin: 'Girar',
  rtp: 'RTP (retorno ao jogador)',
  volatility: 'Volatilidade',
  volatilities: {
    low: 'Baixa',
    medium: 'Média',
    high: 'Alta',
  },
  hitFrequency: 'Frequência de acerto',
  maxWin: 'Ganho máximo',
  maxWinPerRound: '(por rodada, rodadas grátis incluídas)',
  paytable: 'Tabela de pagamentos',
  paysLine: 'Pagamentos em múltiplos da aposta por linha.',
  paysBet: 'Pagamentos em múltiplos da aposta.',
  wild: 'Curinga',
  scatter: 'Scatter',
  lines: '{{count}} linhas',
  rulesTitle: 'Regras',
  rules: {
    grid3x3:
      'Três símbolos iguais numa linha pagam. O símbolo {{wild}} é curinga e substitui qualquer símbolo. Uma tela cheia de um só símbolo (curingas contam) multiplica o ganho do giro por {{fullScreen}}.',
    lines5x3:
      'As linhas pagam da esquerda para a direita a partir do primeiro rolo, de 3 a 5 símbolos seguidos; cada linha paga só o seu maior ganho, e os ganhos das linhas se somam. O símbolo {{wild}} é curinga e substitui qualquer símbolo, menos o símbolo {{scatter}}. Uma linha que começa com curingas paga o maior entre o ganho dos próprios curingas e o ganho do primeiro outro símbolo, com os curingas no lugar dele. 3 ou mais {{scatter}} em qualquer lugar pagam por si e dão {{freeSpins}} rodadas grátis com todo ganho multiplicado por {{multiplier}}; 3 ou mais {{scatter}} numa rodada grátis dão mais {{freeSpins}}.',
    linesCap:
      'Uma rodada paga no máximo {{cap}}× a aposta, rodadas grátis incluídas: quando os seus ganhos chegam a esse valor, a rodada paga {{cap}}× e termina ali, sem as rodadas grátis que restariam.',
    cluster:
      '{{min}} ou mais de um mesmo símbolo em qualquer lugar da tela pagam; cada valor da tabela vale a partir da contagem indicada até a próxima ({{min}}–{{min1}}, {{min2}}–{{min3}}, {{min4}} ou mais). Os símbolos vencedores estouram, os de cima caem e novos entram por cima; cada novo ganho também paga, até {{maxCascades}} cascatas.',
  },
  steps: {
    spin: 'Giro',
    cascade: 'Cascata',
    freeSpin: 'Rodada grátis',
    feature: 'Recurso',
  },
  stops: 'Paradas dos rolos',
  fairness: 'Jogo comprovadamente justo',
  serverSeedHash: 'Hash da semente do servidor',
  serverSeed: 'Semente do servidor',
  serverSeedHidden: 'Revelada quando você trocar o par de sementes.',
  clientSeed: 'Semente do cliente',
  nonce: 'Nonce',
  fairnessText:
    'As paradas dos rolos vêm das suas sementes, como nos jogos originais: com a semente do servidor revelada, qualquer rodada pode ser refeita e conferida.',
  verified: 'Rodada conferida: a semente revelada dá as mesmas paradas, a mesma grade e o mesmo ganho.',
  mismatch: 'Atenção: esta rodada não confere com as sementes.',
  openVerifier: 'Conferir no verificador',
  rotateFailed: 'Não foi possível trocar as sementes.',
  rotate: 'Trocar sementes e revelar',
  loading: 'Carregando o jogo…',
  roundsLoading: 'Carregando suas rodadas…',
  roundsFailed: 'Não foi possível carregar as rodadas.',
  historyMore: 'Rodadas anteriores',
  historyEmpty: 'Você ainda não jogou rodadas neste jogo.',
  balanceMove: 'Saldo: {{before}} → {{after}}',
  sessionFailed: 'Não foi possível abrir a sessão de jogo.',
  reopen: 'Abra o jogo de novo pelo cassino.',
  unknownGame: 'Jogo desconhecido.',
  /** Symbol names shown to the player (paytable, wins, recall), by game code and symbol id as in the game's data. */
  symbols: {
    'fortune-ox': {
      W: 'Boi',
      A: 'Barra de ouro',
      B: 'Saco de moedas',
      C: 'Envelope vermelho',
      D: 'Laranja',
      E: 'Rojão',
    },
    'carnival-lines': {
      W: 'Máscara',
      S: 'Tambor',
      A: 'Rainha',
      B: 'Passista',
      C: 'Pena',
      D: 'Trompete',
      E: 'Maracas',
      F: 'Confete',
      G: 'Serpentina',
    },
    'candy-cascade': {
      A: 'Coração',
      B: 'Estrela',
      C: 'Pirulito',
      D: 'Jujuba',
      E: 'Bala de goma',
      F: 'Menta',
    },
  },
};

export default ptBR;

/** Every UI language gives exactly these keys. */
export type StudioMessages = Strings<typeof ptBR>;

import type { Strings } from '../../../lib/i18n/strings';

/** Casino namespace (`casino`): the lobby and the in-game screen. Portuguese is the source of every key. */
const ptBR = {
  title: 'Cassino',
  subtitle: 'Slots e jogos dos melhores estúdios',
  search: 'Buscar jogos',
  searchPlaceholder: 'Buscar jogo ou estúdio',
  provider: 'Provedor',
  allProviders: 'Provedores',
  category: 'Categoria',
  all: 'Todos',
  allGames: 'Todos os jogos',
  // The games' heading while the player searches: what they typed, not "all games".
  searchResults: 'Resultados para “{{q}}”',
  categories: {
    slots: 'Slots',
    table: 'Mesa',
    live: 'Ao vivo',
    crash: 'Crash',
    fishing: 'Pesca',
    other: 'Outros',
  },
  hot: 'Jogos em alta',
  hotBadge: 'Hot',
  loading: 'Carregando jogos',
  loadFailed: 'Não foi possível carregar os jogos.',
  retry: 'Tentar de novo',
  empty: 'Nenhum jogo encontrado.',
  rtp: 'RTP (retorno ao jogador)',
  playReal: 'Jogar',
  signInToPlay: 'Entre para jogar',
  playDemo: 'Jogar grátis (demo)',
  responsible: 'Jogue com responsabilidade. Apenas para maiores de 18 anos.',
  chooseGame: 'Escolha um jogo no cassino.',
  toLobby: 'Ir ao cassino',
  signInTitle: 'Entre para jogar com dinheiro real',
  signInText: 'Sua aposta e seus ganhos vão para o seu saldo. No modo demo você joga com fichas de teste.',
  signIn: 'Entrar',
  launchFailed: 'Não foi possível abrir o jogo.',
  opening: 'Abrindo {{name}}…',
  back: 'Voltar',
  demo: 'Demo',
  playRealShort: 'Jogar valendo',
  balance: 'Saldo',
  withBonus: 'com {{amount}} de bônus',
  deposit: 'Depositar',
  myRounds: 'Minhas rodadas',
  noRounds: 'Você ainda não jogou no cassino.',
  olderRounds: 'Rodadas anteriores',
  roundsFailed: 'Não foi possível carregar suas rodadas.',
  stake: 'Aposta',
  won: 'Ganho',
  roundStates: {
    open: 'Em aberto',
    settled: 'Encerrada',
    rolledBack: 'Estornada',
  },
  calls: {
    bet: 'Aposta',
    win: 'Ganho',
    rollback: 'Estorno',
  },
  gameMessTitle: 'Mensagem do jogo',
  gameMessEmpty: 'O jogo não deixou mensagem.',
  playAgain: 'Jogar de novo',
};

export default ptBR;

/** Every UI language gives exactly these keys. */
export type CasinoMessages = Strings<typeof ptBR>;

import type { Strings } from '../../../lib/i18n/strings';

/**
 * Rewards namespace (`rewards`): agent rewards and the ladder (/agentJl, /ladderBonus), the game bonus
 * (/gamebouns) and the active bonuses on /conta. Portuguese is the source of every key.
 */
const ptBR = {
  loginFirst: 'Entre para ver as suas recompensas.',
  login: 'Entrar',
  loading: 'Carregando…',
  error: 'Não foi possível carregar. Tente novamente.',
  unavailable: 'As promoções não estão disponíveis na sua conta.',
  agent: {
    title: 'Recompensas de agente',
    intro:
      'Convide amigos com o seu link. Cada convidado direto com depósitos confirmados de pelo menos {{min}} conta como válido.',
    invite: 'Convidar amigos',
    valid: 'Convidados válidos',
    invitees: 'Convidados diretos: {{count}}',
    toNext: 'Convidados válidos que faltam para o nível {{tier}}: {{count}}',
    allReached: 'Você alcançou todos os níveis.',
    rules: 'Regras',
    rule1: 'Conta só quem você convidou diretamente e depositou pelo menos {{min}} (depósitos confirmados).',
    rule2:
      'Depósitos estornados ou contestados não contam; contas de teste e contas com o seu próprio CPF também não.',
    rule3: 'Cada nível pode ser resgatado uma vez.',
    rule4: 'A recompensa é bônus: vira dinheiro depois das apostas exigidas.',
  },
  ladder: {
    title: 'Bônus escada',
    tier: 'Nível {{tier}}',
    needs: 'Convidados válidos: {{count}}',
    claim: 'Resgatar',
    claimed: 'Resgatado',
    locked: 'Bloqueado',
    paid: 'Recompensa de {{amount}} creditada como bônus.',
  },
  game: {
    title: 'Bônus de jogo',
    intro:
      'Aposte para desbloquear um multiplicador do bônus dos pacotes de depósito com bônus. No próximo depósito por um desses pacotes, o bônus do pacote é multiplicado uma vez, e as missões recomeçam.',
    turnover: 'Apostas contadas',
    unlocked: 'Multiplicador desbloqueado',
    next: 'Aposte mais {{amount}} para desbloquear {{bouns}}x',
    top: 'Você desbloqueou o maior multiplicador.',
    missions: 'Missões',
    mission: 'Apostar {{amount}}',
    packages: 'Pacotes com bônus',
    packageLine: 'Depósito de {{price}}',
    packageGift: 'Bônus {{gift}} × {{bouns}} = {{total}}',
    deposit: 'Depositar',
  },
  bonuses: {
    title: 'Bônus ativos',
    none: 'Nenhum bônus ativo.',
    amount: 'Bônus de {{amount}}',
    wagering: 'Apostas exigidas',
    expires: 'Expira em {{time}}',
    cap: 'Vira no máximo {{amount}} em dinheiro',
    withdraw:
      'Um saque agora leva só o saldo em dinheiro: o bônus fica na conta até cumprir as apostas exigidas.',
  },
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type RewardsMessages = Strings<typeof ptBR>;

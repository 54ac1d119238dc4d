import type { Strings } from '../../../lib/i18n/strings';

/** VIP namespace (`vip`): the VIP area (/vip) and the active bonuses. Portuguese is the source of every key. */
const ptBR = {
  title: 'Clube VIP',
  loginFirst: 'Entre para ver o seu nível VIP e os seus bônus.',
  login: 'Entrar',
  loading: 'Carregando…',
  error: 'Não foi possível carregar. Tente novamente.',
  yourLevel: 'Seu nível',
  level: 'VIP {{level}}',
  top: 'Você está no nível mais alto.',
  toNext: 'Para chegar ao VIP {{level}}, você precisa dos dois:',
  deposits: 'Depósitos',
  turnover: 'Apostas',
  levels: 'Níveis e vantagens',
  rewarded: 'Prêmio recebido',
  reward: 'Prêmio de subida',
  needDeposits: 'Depósitos para chegar',
  withdrawals: 'Saques por dia',
  fee: 'Taxa de saque',
  bonuses: 'Bônus ativos',
  noBonuses: 'Nenhum bônus ativo.',
  bonusAmount: 'Bônus de {{amount}}',
  wagering: 'Apostas exigidas',
  expires: 'Expira em {{time}}',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type VipMessages = Strings<typeof ptBR>;

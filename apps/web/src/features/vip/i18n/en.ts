import type { VipMessages } from './pt_BR';

const messages: VipMessages = {
  title: 'VIP Club',
  loginFirst: 'Sign in to see your VIP level and bonuses.',
  login: 'Sign in',
  loading: 'Loading…',
  error: 'Could not load. Please try again.',
  yourLevel: 'Your level',
  level: 'VIP {{level}}',
  top: 'You are at the highest level.',
  toNext: 'VIP {{level}} needs both:',
  deposits: 'Deposits',
  turnover: 'Bets',
  levels: 'Levels and benefits',
  rewarded: 'Reward received',
  reward: 'Upgrade reward',
  needDeposits: 'Deposits to reach',
  withdrawals: 'Withdrawals per day',
  fee: 'Withdrawal fee',
  bonuses: 'Active bonuses',
  noBonuses: 'No active bonus.',
  bonusAmount: 'Bonus of {{amount}}',
  wagering: 'Wagering required',
  expires: 'Expires {{time}}',
};

export default messages;

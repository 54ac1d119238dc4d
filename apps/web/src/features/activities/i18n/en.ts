import type { ActivitiesMessages } from './pt_BR';

const en: ActivitiesMessages = {
  title: 'Activity',
  listTitle: 'Promotions',
  signInFirst: 'Sign in to see the activity and your progress.',
  signIn: 'Sign in',
  notFound: 'Activity not found',
  backHome: 'Back to home',
  loadFailed: 'The activity could not be loaded.',
  retry: 'Try again',
  period: 'From {{from}} to {{to}}',
  percent: '{{percent}}%',
  percentCapped: '{{percent}}% (up to {{cap}})',
  reward: {
    firstDeposit: 'A {{reward}} bonus on your first deposit',
    deposit: 'A {{reward}} bonus on your deposits in the period',
    turnover: 'Bet {{target}} in the period and get a {{reward}} bonus',
  },
  progress: {
    firstDeposit: 'Your first deposit',
    deposit: 'Deposited in the period',
    turnover: 'Wagered in the period',
  },
  ofTarget: '{{current}} of {{target}}',
  wagering: 'Wagering: bet the bonus {{count}}x for it to become withdrawable cash.',
  noWagering: 'No wagering: the bonus becomes withdrawable cash.',
  claim: 'Claim {{amount}}',
  notYet: 'Meet the conditions to claim',
  claimed: 'You received a {{amount}} bonus',
  claimedAlready: 'Claimed: {{amount}}',
  claimFailed: 'The claim failed. Please try again.',
  unavailable: 'Promotions are not available on your account.',
  ended: 'This activity has ended.',
  join: 'Join',
  joined: 'You are taking part.',
  awardTitle: 'Rewards to claim',
  awardText: 'You have {{amount}} in bonuses waiting for you.',
  later: 'Later',
};

export default en;

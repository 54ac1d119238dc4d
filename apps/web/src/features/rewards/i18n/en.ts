import type { RewardsMessages } from './pt_BR';

const messages: RewardsMessages = {
  loginFirst: 'Sign in to see your rewards.',
  login: 'Sign in',
  loading: 'Loading…',
  error: 'Could not load. Please try again.',
  unavailable: 'Promotions are not available on your account.',
  agent: {
    title: 'Agent rewards',
    intro:
      'Invite friends with your link. Each direct invitee with confirmed deposits of at least {{min}} counts as valid.',
    invite: 'Invite friends',
    valid: 'Valid invitees',
    invitees: 'Direct invitees: {{count}}',
    toNext: 'Valid invitees still needed for tier {{tier}}: {{count}}',
    allReached: 'You have reached every tier.',
    rules: 'Rules',
    rule1: 'Only players you invited directly who deposited at least {{min}} count (confirmed deposits).',
    rule2:
      'Refunded or charged-back deposits do not count; neither do test accounts or accounts with your own CPF.',
    rule3: 'Each tier can be claimed once.',
    rule4: 'The reward is bonus money: it becomes cash after the required wagering.',
  },
  ladder: {
    title: 'Ladder bonus',
    tier: 'Tier {{tier}}',
    needs: 'Valid invitees: {{count}}',
    claim: 'Claim',
    claimed: 'Claimed',
    locked: 'Locked',
    paid: 'A {{amount}} reward was credited as bonus.',
  },
  game: {
    title: 'Game bonus',
    intro:
      'Bet to unlock a multiplier of the bonus of the bonus deposit packages. On your next deposit through one of them, the package’s bonus is multiplied once and the missions start again.',
    turnover: 'Bets counted',
    unlocked: 'Multiplier unlocked',
    next: 'Bet {{amount}} more to unlock {{bouns}}x',
    top: 'You have unlocked the highest multiplier.',
    missions: 'Missions',
    mission: 'Bet {{amount}}',
    packages: 'Bonus packages',
    packageLine: 'Deposit {{price}}',
    packageGift: 'Bonus {{gift}} × {{bouns}} = {{total}}',
    deposit: 'Deposit',
  },
  bonuses: {
    title: 'Active bonuses',
    none: 'No active bonus.',
    amount: '{{amount}} bonus',
    wagering: 'Required wagering',
    expires: 'Expires {{time}}',
    cap: 'Turns into at most {{amount}} in cash',
    withdraw:
      'A withdrawal now takes only your cash balance: the bonus stays in your account until its wagering is met.',
  },
};

export default messages;

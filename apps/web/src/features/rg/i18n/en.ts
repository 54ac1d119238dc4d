import type { RgMessages } from './pt_BR';

const messages: RgMessages = {
  title: 'Responsible gaming',
  intro:
    'Set limits, take a break or exclude yourself. A lower limit applies at once; a higher one, or removing a limit, only after 24 hours.',
  loginFirst: 'Sign in to set your limits.',
  login: 'Sign in',
  used: 'Used: {{used}}',
  pending: 'Becomes {{value}} on {{time}}',
  operator: 'Limit set by the operator: {{value}}',
  none: 'no limit',
  reality: 'Playing-time reminder (minutes)',
  realityHint: '5 to 240; empty turns it off',
  save: 'Save limits',
  saved: 'Limits saved',
  invalid: 'Use positive numbers only',
  pauseTitle: 'Break and self-exclusion',
  cooloff: 'Break (1 to 42 days)',
  self: 'Self-exclusion',
  days: 'Days of break',
  selfLength: 'Length of the self-exclusion',
  months6: '6 months',
  year1: '1 year',
  years2: '2 years',
  forever: 'Permanent',
  start: 'Continue',
  confirmTitle: 'Confirm',
  confirmCooloff:
    'Your account will be paused for {{days}} days: you will be signed out on every device, and bets, deposits and promotions will be blocked. Pending withdrawals are still paid.',
  confirmSelf:
    'Your account will be self-excluded ({{length}}): you will be signed out on every device, and bets, deposits and promotions will be blocked. Pending withdrawals are still paid.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  excludedUntil: 'Account paused until {{time}}',
  excludedForever: 'Account permanently self-excluded',
  national: 'National self-exclusion platform',
  nationalText: 'You can also exclude yourself from every licensed betting site in Brazil.',
  realityTitle: 'Reality check',
  realityText: 'You have been playing for {{minutes}} minutes. Result since sign-in: {{net}}.',
  keepPlaying: 'Keep playing',
  seeLimits: 'See my limits',
  stop: 'Sign out',
  menu: 'Responsible gaming',
  kind: {
    deposit: 'Deposits',
    loss: 'Losses',
    stake: 'Stakes',
    time: 'Playing time (minutes)',
  },
  period: {
    day: 'Per day',
    week: 'Per week',
    month: 'Per month',
  },
};

export default messages;

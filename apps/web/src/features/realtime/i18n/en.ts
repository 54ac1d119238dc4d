import type { RealtimeMessages } from './pt_BR';

const en: RealtimeMessages = {
  bonus: {
    title: 'Increase your bonus',
    text: 'Bet {{amount}} and multiply your bonus by {{bouns}}.',
    unlocked: 'You unlocked {{bouns}}x: deposit through a bonus package and its bonus is multiplied.',
    cta: 'Deposit now',
    later: 'Not now',
  },
  autoCashout: 'Auto cash out: your bet paid {{amount}}.',
  bonusReleased: 'Bonus released: {{amount}} went to your balance.',
};

export default en;

import type { RealtimeMessages } from './pt_BR';

const en: RealtimeMessages = {
  bonus: {
    title: 'Increase your bonus',
    text: 'Bet {{amount}} and multiply your bonus by {{bouns}}.',
    cta: 'Deposit now',
    later: 'Not now',
  },
};

export default en;

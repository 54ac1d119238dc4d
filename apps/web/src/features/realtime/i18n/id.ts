import type { RealtimeMessages } from './pt_BR';

const id: RealtimeMessages = {
  bonus: {
    title: 'Tingkatkan bonus Anda',
    text: 'Bertaruh {{amount}} dan lipat gandakan bonus Anda {{bouns}}x.',
    cta: 'Deposit sekarang',
    later: 'Nanti saja',
  },
};

export default id;

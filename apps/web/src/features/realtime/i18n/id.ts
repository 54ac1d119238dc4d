import type { RealtimeMessages } from './pt_BR';

const id: RealtimeMessages = {
  bonus: {
    title: 'Tingkatkan bonus Anda',
    text: 'Bertaruh {{amount}} dan lipat gandakan bonus Anda {{bouns}}x.',
    unlocked: 'Anda membuka {{bouns}}x: deposit melalui paket bonus dan bonusnya dilipatgandakan.',
    cta: 'Deposit sekarang',
    later: 'Nanti saja',
  },
  autoCashout: 'Cash out otomatis: taruhan Anda membayar {{amount}}.',
  bonusReleased: 'Bonus dicairkan: {{amount}} masuk ke saldo Anda.',
};

export default id;

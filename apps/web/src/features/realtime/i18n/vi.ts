import type { RealtimeMessages } from './pt_BR';

const vi: RealtimeMessages = {
  bonus: {
    title: 'Tăng tiền thưởng',
    text: 'Cược {{amount}} và nhân tiền thưởng của bạn lên {{bouns}} lần.',
    cta: 'Nạp ngay',
    later: 'Để sau',
  },
};

export default vi;

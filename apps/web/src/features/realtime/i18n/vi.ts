import type { RealtimeMessages } from './pt_BR';

const vi: RealtimeMessages = {
  bonus: {
    title: 'Tăng tiền thưởng',
    text: 'Cược {{amount}} và nhân tiền thưởng của bạn lên {{bouns}} lần.',
    unlocked: 'Bạn đã mở {{bouns}}x: nạp qua gói có thưởng và tiền thưởng được nhân lên.',
    cta: 'Nạp ngay',
    later: 'Để sau',
  },
  autoCashout: 'Rút tiền tự động: cược của bạn đã trả {{amount}}.',
  bonusReleased: 'Thưởng đã được giải phóng: {{amount}} đã vào số dư của bạn.',
};

export default vi;

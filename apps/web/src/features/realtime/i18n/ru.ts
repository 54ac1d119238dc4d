import type { RealtimeMessages } from './pt_BR';

const ru: RealtimeMessages = {
  bonus: {
    title: 'Увеличьте свой бонус',
    text: 'Поставьте {{amount}} и умножьте бонус в {{bouns}} раз.',
    cta: 'Пополнить сейчас',
    later: 'Не сейчас',
  },
};

export default ru;

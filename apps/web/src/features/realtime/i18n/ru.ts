import type { RealtimeMessages } from './pt_BR';

const ru: RealtimeMessages = {
  bonus: {
    title: 'Увеличьте свой бонус',
    text: 'Поставьте {{amount}} и умножьте бонус в {{bouns}} раз.',
    unlocked: 'Вы открыли {{bouns}}x: пополните через бонусный пакет, и его бонус умножится.',
    cta: 'Пополнить сейчас',
    later: 'Не сейчас',
  },
  autoCashout: 'Автоматический кэшаут: ваша ставка выплатила {{amount}}.',
  bonusReleased: 'Бонус разблокирован: {{amount}} зачислено на ваш баланс.',
};

export default ru;

import type { RealtimeMessages } from './pt_BR';

const zh: RealtimeMessages = {
  bonus: {
    title: '提升您的奖金',
    text: '投注 {{amount}}，奖金翻 {{bouns}} 倍。',
    unlocked: '您已解锁 {{bouns}} 倍：通过彩金套餐充值，彩金即可加倍。',
    cta: '立即充值',
    later: '稍后',
  },
  autoCashout: '自动兑现：您的投注已支付 {{amount}}。',
  bonusReleased: '奖金已释放：{{amount}} 已转入您的余额。',
};

export default zh;

import type { RealtimeMessages } from './pt_BR';

const zh: RealtimeMessages = {
  bonus: {
    title: '提升您的奖金',
    text: '投注 {{amount}}，奖金翻 {{bouns}} 倍。',
    cta: '立即充值',
    later: '稍后',
  },
};

export default zh;

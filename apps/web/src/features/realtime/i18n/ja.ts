import type { RealtimeMessages } from './pt_BR';

const ja: RealtimeMessages = {
  bonus: {
    title: 'ボーナスを増やそう',
    text: '{{amount}} をベットすると、ボーナスが {{bouns}} 倍になります。',
    cta: '今すぐ入金',
    later: '後で',
  },
};

export default ja;

import type { RealtimeMessages } from './pt_BR';

const ko: RealtimeMessages = {
  bonus: {
    title: '보너스를 늘리세요',
    text: '{{amount}}을(를) 베팅하면 보너스가 {{bouns}}배가 됩니다.',
    cta: '지금 입금',
    later: '나중에',
  },
};

export default ko;

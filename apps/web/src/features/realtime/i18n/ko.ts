import type { RealtimeMessages } from './pt_BR';

const ko: RealtimeMessages = {
  bonus: {
    title: '보너스를 늘리세요',
    text: '{{amount}}을(를) 베팅하면 보너스가 {{bouns}}배가 됩니다.',
    unlocked: '{{bouns}}배를 해제했습니다. 보너스 패키지로 입금하면 보너스가 배가됩니다.',
    cta: '지금 입금',
    later: '나중에',
  },
  autoCashout: '자동 캐시아웃: 베팅으로 {{amount}}이(가) 지급되었습니다.',
  bonusReleased: '보너스 지급: {{amount}}이(가) 잔액에 추가되었습니다.',
};

export default ko;

import type { StartMaskMessages } from './pt_BR';

const ko: StartMaskMessages = {
  title: '출석 체크',
  text: '탭하여 출석부를 여세요',
  signIn: {
    title: '출석부',
    rules:
      '하루에 한 번 보상을 받으세요(브라질리아 시간). 하루라도 빠지면 7일 주기가 다시 시작됩니다. 보상은 보너스이며 필요한 베팅 조건을 채우면 현금이 됩니다.',
    streak: '연속: {{count}}/7일',
    day: '{{day}}일차',
    done: '받음',
    claim: '{{day}}일차 받기',
    comeBack: '내일 다시 오세요',
    claimed: '보상 받음: {{amount}}',
    unavailable: '이 계정에서는 프로모션을 이용할 수 없습니다.',
    signInFirst: '로그인하고 받기',
    loadFailed: '출석부를 불러오지 못했습니다.',
    retry: '다시 시도',
  },
};

export default ko;

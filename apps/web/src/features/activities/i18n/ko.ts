import type { ActivitiesMessages } from './pt_BR';

const ko: ActivitiesMessages = {
  title: '이벤트',
  listTitle: '프로모션',
  signInFirst: '이벤트와 진행 상황을 보려면 로그인하세요.',
  signIn: '로그인',
  notFound: '이벤트를 찾을 수 없습니다',
  backHome: '홈으로',
  loadFailed: '이벤트를 불러오지 못했습니다.',
  retry: '다시 시도',
  period: '{{from}} ~ {{to}}',
  percent: '{{percent}}%',
  percentCapped: '{{percent}}% (최대 {{cap}})',
  reward: {
    firstDeposit: '첫 입금 시 {{reward}} 보너스',
    deposit: '기간 내 입금액에 {{reward}} 보너스',
    turnover: '기간 내 {{target}} 베팅 시 {{reward}} 보너스',
  },
  progress: {
    firstDeposit: '첫 입금',
    deposit: '기간 내 입금액',
    turnover: '기간 내 베팅액',
  },
  ofTarget: '{{current}} / {{target}}',
  wagering: '베팅 조건: 보너스의 {{count}}배를 베팅하면 출금 가능한 잔액이 됩니다.',
  noWagering: '베팅 조건 없음: 보너스가 출금 가능한 잔액이 됩니다.',
  claim: '{{amount}} 받기',
  notYet: '조건을 충족하면 받을 수 있습니다',
  claimed: '{{amount}} 보너스를 받았습니다',
  claimedAlready: '받음: {{amount}}',
  claimFailed: '받지 못했습니다. 다시 시도하세요.',
  unavailable: '이 계정에서는 프로모션을 이용할 수 없습니다.',
  ended: '종료된 이벤트입니다.',
  join: '참여하기',
  joined: '참여 중입니다.',
  awardTitle: '받을 수 있는 보상',
  awardText: '{{amount}}의 보너스가 기다리고 있습니다.',
  later: '나중에',
};

export default ko;

import type { VipMessages } from './pt_BR';

const messages: VipMessages = {
  title: 'VIP 클럽',
  loginFirst: 'VIP 등급과 보너스를 보려면 로그인하세요.',
  login: '로그인',
  loading: '불러오는 중…',
  error: '불러오지 못했습니다. 다시 시도하세요.',
  yourLevel: '내 등급',
  level: 'VIP {{level}}',
  top: '최고 등급입니다.',
  toNext: 'VIP {{level}} 달성 조건(둘 다 필요):',
  deposits: '입금',
  turnover: '베팅',
  levels: '등급과 혜택',
  rewarded: '보상 받음',
  reward: '승급 보상',
  needDeposits: '달성 입금액',
  withdrawals: '일일 출금 횟수',
  fee: '출금 수수료',
  bonuses: '활성 보너스',
  noBonuses: '활성 보너스가 없습니다.',
  bonusAmount: '{{amount}} 보너스',
  wagering: '필요 베팅액',
  expires: '만료 {{time}}',
};

export default messages;

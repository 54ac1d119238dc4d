import type { ActivitiesMessages } from './pt_BR';

const vi: ActivitiesMessages = {
  title: 'Hoạt động',
  listTitle: 'Khuyến mãi',
  signInFirst: 'Đăng nhập để xem hoạt động và tiến độ của bạn.',
  signIn: 'Đăng nhập',
  notFound: 'Không tìm thấy hoạt động',
  backHome: 'Về trang chủ',
  loadFailed: 'Không thể tải hoạt động.',
  retry: 'Thử lại',
  period: 'Từ {{from}} đến {{to}}',
  percent: '{{percent}}%',
  percentCapped: '{{percent}}% (tối đa {{cap}})',
  reward: {
    firstDeposit: 'Thưởng {{reward}} cho lần nạp đầu tiên',
    deposit: 'Thưởng {{reward}} trên số tiền nạp trong kỳ',
    turnover: 'Cược {{target}} trong kỳ và nhận thưởng {{reward}}',
  },
  progress: {
    firstDeposit: 'Lần nạp đầu tiên của bạn',
    deposit: 'Đã nạp trong kỳ',
    turnover: 'Đã cược trong kỳ',
  },
  ofTarget: '{{current}} / {{target}}',
  wagering: 'Yêu cầu cược: cược {{count}} lần tiền thưởng để chuyển thành số dư rút được.',
  noWagering: 'Không yêu cầu cược: tiền thưởng thành số dư rút được.',
  claim: 'Nhận {{amount}}',
  notYet: 'Hoàn thành điều kiện để nhận',
  claimed: 'Bạn đã nhận thưởng {{amount}}',
  claimedAlready: 'Đã nhận: {{amount}}',
  claimFailed: 'Không thể nhận. Vui lòng thử lại.',
  unavailable: 'Khuyến mãi không khả dụng cho tài khoản của bạn.',
  ended: 'Hoạt động này đã kết thúc.',
  join: 'Tham gia',
  joined: 'Bạn đang tham gia.',
  awardTitle: 'Phần thưởng chờ nhận',
  awardText: 'Bạn có {{amount}} tiền thưởng đang chờ.',
  later: 'Để sau',
};

export default vi;

import type { VipMessages } from './pt_BR';

const messages: VipMessages = {
  title: 'Câu lạc bộ VIP',
  loginFirst: 'Đăng nhập để xem cấp VIP và tiền thưởng của bạn.',
  login: 'Đăng nhập',
  loading: 'Đang tải…',
  error: 'Không tải được. Vui lòng thử lại.',
  yourLevel: 'Cấp của bạn',
  level: 'VIP {{level}}',
  top: 'Bạn đang ở cấp cao nhất.',
  toNext: 'VIP {{level}} cần cả hai:',
  deposits: 'Nạp tiền',
  turnover: 'Cược',
  levels: 'Các cấp và quyền lợi',
  rewarded: 'Đã nhận thưởng',
  reward: 'Thưởng lên cấp',
  needDeposits: 'Nạp tiền để đạt',
  withdrawals: 'Lượt rút mỗi ngày',
  fee: 'Phí rút tiền',
  bonuses: 'Tiền thưởng đang hoạt động',
  noBonuses: 'Không có tiền thưởng nào.',
  bonusAmount: 'Thưởng {{amount}}',
  wagering: 'Cược yêu cầu',
  expires: 'Hết hạn {{time}}',
};

export default messages;

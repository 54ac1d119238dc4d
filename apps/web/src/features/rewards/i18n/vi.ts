import type { RewardsMessages } from './pt_BR';

const messages: RewardsMessages = {
  loginFirst: 'Đăng nhập để xem phần thưởng của bạn.',
  login: 'Đăng nhập',
  loading: 'Đang tải…',
  error: 'Không thể tải. Vui lòng thử lại.',
  unavailable: 'Khuyến mãi không khả dụng cho tài khoản của bạn.',
  agent: {
    title: 'Thưởng đại lý',
    intro:
      'Mời bạn bè bằng liên kết của bạn. Mỗi người được mời trực tiếp có tiền nạp đã xác nhận từ {{min}} trở lên được tính là hợp lệ.',
    invite: 'Mời bạn bè',
    valid: 'Người mời hợp lệ',
    invitees: 'Người được mời trực tiếp: {{count}}',
    toNext: 'Còn {{count}} để đạt cấp {{tier}}',
    allReached: 'Bạn đã đạt mọi cấp.',
    rules: 'Quy tắc',
    rule1: 'Chỉ tính người bạn mời trực tiếp và đã nạp ít nhất {{min}} (tiền nạp đã xác nhận).',
    rule2:
      'Tiền nạp bị hoàn hoặc khiếu nại không được tính; tài khoản thử nghiệm và tài khoản có CPF của chính bạn cũng vậy.',
    rule3: 'Mỗi cấp chỉ nhận được một lần.',
    rule4: 'Phần thưởng là tiền thưởng: thành tiền mặt sau khi đạt yêu cầu cược.',
  },
  ladder: {
    title: 'Thưởng bậc thang',
    tier: 'Cấp {{tier}}',
    needs: '{{count}} người mời hợp lệ',
    claim: 'Nhận',
    claimed: 'Đã nhận',
    locked: 'Chưa mở',
    paid: 'Phần thưởng {{amount}} đã được cộng dưới dạng tiền thưởng.',
  },
  game: {
    title: 'Thưởng trò chơi',
    intro:
      'Đặt cược để mở hệ số nhân tiền thưởng của các gói nạp có thưởng. Lần nạp tiếp theo qua một gói như vậy, tiền thưởng của gói được nhân một lần và các nhiệm vụ bắt đầu lại.',
    turnover: 'Tiền cược đã tính',
    unlocked: 'Hệ số đã mở',
    next: 'Cược thêm {{amount}} để mở {{bouns}}x',
    top: 'Bạn đã mở hệ số cao nhất.',
    missions: 'Nhiệm vụ',
    mission: 'Cược {{amount}}',
    packages: 'Gói có thưởng',
    packageLine: 'Nạp {{price}}',
    packageGift: 'Thưởng {{gift}} × {{bouns}} = {{total}}',
    deposit: 'Nạp tiền',
  },
  bonuses: {
    title: 'Tiền thưởng đang hoạt động',
    none: 'Không có tiền thưởng nào.',
    amount: 'Thưởng {{amount}}',
    wagering: 'Yêu cầu cược',
    expires: 'Hết hạn {{time}}',
    cap: 'Đổi tối đa {{amount}} tiền mặt',
    withdraw:
      'Rút tiền lúc này chỉ lấy số dư tiền mặt: tiền thưởng ở lại tài khoản cho đến khi đạt yêu cầu cược.',
  },
};

export default messages;

import type { SupportConsoleMessages } from './pt_BR';

const vi: SupportConsoleMessages = {
  title: 'Bảng điều khiển hỗ trợ',
  email: 'E-mail',
  password: 'Mật khẩu',
  totp: 'Mã xác thực',
  signIn: 'Đăng nhập',
  signOut: 'Đăng xuất',
  stats:
    '{{conversations}} cuộc trò chuyện trong 7 ngày · phản hồi đầu TB {{first}} giây · phản hồi TB {{average}} giây',
  queue: 'Hàng đợi trò chuyện',
  empty: 'Không có cuộc trò chuyện nào đang mở',
  visitor: 'khách',
  typing: 'đang nhập…',
  conversation: 'Cuộc trò chuyện',
  back: 'Hàng đợi',
  assignMe: 'Nhận',
  balance: 'Số dư',
  kyc: 'KYC',
  kycDone: 'đã xác minh',
  kycMissing: 'chờ xử lý',
  deposits: 'Nạp tiền gần đây',
  withdrawals: 'Rút tiền gần đây',
  depositLimit: 'Hạn mức nạp hằng ngày',
  exclusion: 'Loại trừ',
  image: 'hình ảnh',
  closedWith: 'Cuộc trò chuyện đã đóng: {{reason}}',
  canned: 'Câu trả lời mẫu',
  reply: 'Trả lời',
  send: 'Gửi',
  closeReason: 'Lý do đóng',
  close: 'Đóng',
  status: {
    open: 'mở',
    assigned: 'đã giao',
    closed: 'đã đóng',
  },
  reason: {
    resolved: 'đã giải quyết',
    noReply: 'không phản hồi',
    duplicate: 'trùng lặp',
    abusive: 'lạm dụng',
    other: 'khác',
  },
  exclusionKind: {
    cooloff: 'tạm nghỉ',
    self: 'tự loại trừ',
  },
};

export default vi;

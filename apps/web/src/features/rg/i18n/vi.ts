import type { RgMessages } from './pt_BR';

const messages: RgMessages = {
  title: 'Chơi có trách nhiệm',
  intro:
    'Đặt giới hạn, tạm nghỉ hoặc tự loại trừ. Giới hạn thấp hơn áp dụng ngay; giới hạn cao hơn, hoặc bỏ giới hạn, chỉ sau 24 giờ.',
  loginFirst: 'Đăng nhập để đặt giới hạn.',
  login: 'Đăng nhập',
  used: 'Đã dùng: {{used}}',
  pending: 'Thành {{value}} vào {{time}}',
  operator: 'Giới hạn do nhà điều hành đặt: {{value}}',
  none: 'không giới hạn',
  reality: 'Nhắc thời gian chơi (phút)',
  realityHint: '5 đến 240; để trống để tắt',
  save: 'Lưu giới hạn',
  saved: 'Đã lưu giới hạn',
  invalid: 'Chỉ dùng số dương',
  pauseTitle: 'Tạm nghỉ và tự loại trừ',
  cooloff: 'Tạm nghỉ (1 đến 42 ngày)',
  self: 'Tự loại trừ',
  days: 'Số ngày nghỉ',
  selfLength: 'Thời hạn tự loại trừ',
  months6: '6 tháng',
  year1: '1 năm',
  years2: '2 năm',
  forever: 'Vĩnh viễn',
  start: 'Tiếp tục',
  confirmTitle: 'Xác nhận',
  confirmCooloff:
    'Tài khoản sẽ tạm dừng {{days}} ngày: bạn sẽ bị đăng xuất trên mọi thiết bị; cược, nạp tiền và khuyến mãi bị chặn. Lệnh rút đang chờ vẫn được trả.',
  confirmSelf:
    'Tài khoản sẽ tự loại trừ ({{length}}): bạn sẽ bị đăng xuất trên mọi thiết bị; cược, nạp tiền và khuyến mãi bị chặn. Lệnh rút đang chờ vẫn được trả.',
  confirm: 'Xác nhận',
  cancel: 'Hủy',
  excludedUntil: 'Tài khoản tạm dừng đến {{time}}',
  excludedForever: 'Tài khoản tự loại trừ vĩnh viễn',
  national: 'Nền tảng tự loại trừ quốc gia',
  nationalText: 'Bạn cũng có thể tự loại trừ khỏi mọi nhà cái được cấp phép tại Brazil.',
  realityTitle: 'Nhắc nhở chơi',
  realityText: 'Bạn đã chơi {{minutes}} phút. Kết quả từ khi đăng nhập: {{net}}.',
  keepPlaying: 'Tiếp tục chơi',
  seeLimits: 'Xem giới hạn',
  stop: 'Đăng xuất',
  menu: 'Chơi có trách nhiệm',
  kind: {
    deposit: 'Nạp tiền',
    loss: 'Thua lỗ',
    stake: 'Tiền cược',
    time: 'Thời gian chơi (phút)',
  },
  period: {
    day: 'Mỗi ngày',
    week: 'Mỗi tuần',
    month: 'Mỗi tháng',
  },
};

export default messages;

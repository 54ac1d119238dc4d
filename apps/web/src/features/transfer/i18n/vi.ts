import type { TransferMessages } from './pt_BR';

const vi: TransferMessages = {
  title: 'Chuyển tiền',
  text: 'Gửi số dư cho người chơi khác qua e-mail tài khoản của họ.',
  available: 'Số dư khả dụng: {{amount}}',
  username: 'Người nhận (e-mail)',
  usernamePrompt: 'Vui lòng nhập tên người nhận',
  amount: 'Số tiền chuyển',
  amountPrompt: 'Vui lòng nhập số tiền chuyển',
  amountInvalid: 'Số tiền không hợp lệ: dùng tối đa 2 chữ số thập phân, ví dụ 10,50',
  next: 'Tiếp tục',
  confirmTitle: 'Xác nhận chuyển tiền',
  to: 'Đến',
  confirm: 'Chuyển',
  back: 'Quay lại',
  success: 'Đã chuyển {{amount}} cho {{user}}',
  retry: 'Thử lại',
  checkInput: 'Vui lòng kiểm tra thông tin đã nhập',
  again: 'Chuyển khoản mới',
  loginFirst: 'Đăng nhập để xem số dư',
  login: 'Đăng nhập',
  offTitle: 'Không thể chuyển tiền',
  offText:
    'Quy định cá cược của Brazil (Luật 14.790/2023) không cho phép gửi số dư cho người chơi khác. Bạn có thể rút số dư qua PIX đến khóa theo CPF của chính mình.',
  offBack: 'Quay lại tài khoản',
};

export default vi;

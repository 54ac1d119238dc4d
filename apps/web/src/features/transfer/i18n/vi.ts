import type { TransferMessages } from './pt_BR';

const vi: TransferMessages = {
  title: 'Chuyển tiền',
  text: 'Gửi số dư cho người chơi khác qua e-mail tài khoản của họ.',
  available: 'Số dư khả dụng: {{amount}}',
  username: 'Người nhận (e-mail)',
  usernamePrompt: 'Vui lòng nhập tên người nhận',
  amount: 'Số tiền chuyển',
  amountPrompt: 'Vui lòng nhập số tiền chuyển',
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
};

export default vi;

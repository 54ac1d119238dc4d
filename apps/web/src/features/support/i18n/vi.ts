import type { SupportMessages } from './pt_BR';

const vi: SupportMessages = {
  title: 'Chăm sóc khách hàng',
  open: 'Mở chăm sóc khách hàng',
  openUnread: 'Mở chăm sóc khách hàng ({{count}} mới)',
  hosted: 'Đang mở trò chuyện…',
  visitorIntro: 'Nhập e-mail để trò chuyện với đội ngũ của chúng tôi.',
  email: 'E-mail',
  start: 'Bắt đầu trò chuyện',
  empty: 'Xin chào! Chúng tôi có thể giúp gì?',
  typing: 'Nhân viên đang nhập…',
  closed: 'Cuộc trò chuyện đã đóng. Gửi tin nhắn để mở cuộc mới.',
  imageTooLarge: 'Hình ảnh quá lớn (tối đa 2 MB)',
  imageType: 'Chỉ có thể gửi ảnh PNG, JPEG, GIF hoặc WebP',
  attach: 'Đính kèm ảnh',
  message: 'Tin nhắn',
  placeholder: 'Nhập tin nhắn của bạn',
  send: 'Gửi',
  agent: 'Nhân viên',
  image: 'Hình ảnh',
  read: 'Đã xem',
  sent: 'Đã gửi',
};

export default vi;

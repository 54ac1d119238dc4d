import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: 'Điều khoản dịch vụ',
  updated: 'Phiên bản ngày {{date}}',
  contents: 'Mục lục',
  portugueseOnly: 'Điều khoản được công bố bằng tiếng Bồ Đào Nha, là phiên bản có hiệu lực tại Brazil.',
  updateTitle: 'Chúng tôi đã cập nhật điều khoản dịch vụ',
  updateText: 'Để tiếp tục, hãy đọc và chấp nhận phiên bản ngày {{date}}.',
  updateRead: 'Đọc điều khoản dịch vụ',
  updateAccept: 'Chấp nhận',
  updateSignOut: 'Đăng xuất',
};

export default messages;

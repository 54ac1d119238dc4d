import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: 'Điều khoản dịch vụ',
  updated: 'Phiên bản ngày {{date}}',
  contents: 'Mục lục',
  portugueseOnly: 'Điều khoản được công bố bằng tiếng Bồ Đào Nha, là phiên bản có hiệu lực tại Brazil.',
};

export default messages;

import type { SupportMessages } from './pt_BR';

const vi: SupportMessages = {
  title: 'Chăm sóc khách hàng',
  open: 'Mở chăm sóc khách hàng',
  text: 'Trò chuyện trực tiếp với đội ngũ của chúng tôi sẽ sớm có mặt.',
};

export default vi;

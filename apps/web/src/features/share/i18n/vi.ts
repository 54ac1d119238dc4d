import type { ShareMessages } from './pt_BR';

const vi: ShareMessages = {
  title: 'Chia sẻ',
  text: 'Mời bạn bè bằng liên kết mời của bạn.',
  link: 'Liên kết mời của bạn',
  copyLink: 'Sao chép liên kết',
};

export default vi;

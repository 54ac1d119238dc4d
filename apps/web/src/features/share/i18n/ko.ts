import type { ShareMessages } from './pt_BR';

const ko: ShareMessages = {
  title: '공유',
  text: '초대 링크로 친구를 초대하세요.',
  link: '내 초대 링크',
  copyLink: '링크 복사',
};

export default ko;

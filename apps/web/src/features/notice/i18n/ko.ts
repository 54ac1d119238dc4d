import type { NoticeMessages } from './pt_BR';

const ko: NoticeMessages = {
  label: '공지',
  close: '공지 닫기',
};

export default ko;

import type { NoticeMessages } from './pt_BR';

const ja: NoticeMessages = {
  label: 'お知らせ',
  close: 'お知らせを閉じる',
};

export default ja;

import type { NoticeMessages } from './pt_BR';

const en: NoticeMessages = {
  label: 'Notice',
  close: 'Close notice',
};

export default en;

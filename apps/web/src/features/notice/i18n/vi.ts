import type { NoticeMessages } from './pt_BR';

const vi: NoticeMessages = {
  label: 'Thông báo',
  close: 'Đóng thông báo',
};

export default vi;

import type { NoticeMessages } from './pt_BR';

const zh: NoticeMessages = {
  label: '公告',
  close: '关闭公告',
};

export default zh;

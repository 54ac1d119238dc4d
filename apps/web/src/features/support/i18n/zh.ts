import type { SupportMessages } from './pt_BR';

const zh: SupportMessages = {
  title: '在线客服',
  open: '打开在线客服',
  text: '与客服团队的实时聊天即将开放。',
};

export default zh;

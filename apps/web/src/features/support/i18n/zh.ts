import type { SupportMessages } from './pt_BR';

const zh: SupportMessages = {
  title: '客户服务',
  open: '打开客户服务',
  openUnread: '打开客户服务({{count}}条新消息)',
  hosted: '正在打开聊天…',
  visitorIntro: '请输入电子邮件与我们的团队聊天。',
  email: '电子邮件',
  start: '开始聊天',
  empty: '您好!有什么可以帮您?',
  typing: '客服正在输入…',
  closed: '会话已结束。发送消息即可开始新的会话。',
  imageTooLarge: '图片过大(最大2 MB)',
  imageType: '只能发送PNG、JPEG、GIF或WebP图片',
  attach: '附加图片',
  message: '消息',
  placeholder: '输入您的消息',
  send: '发送',
  agent: '客服',
  image: '图片',
  read: '已读',
  sent: '已发送',
};

export default zh;

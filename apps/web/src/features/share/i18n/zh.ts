import type { ShareMessages } from './pt_BR';

const zh: ShareMessages = {
  title: '分享',
  text: '用您的邀请链接邀请好友。',
  link: '您的邀请链接',
  copyLink: '复制链接',
};

export default zh;

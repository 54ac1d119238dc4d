import type { ShareMessages } from './pt_BR';

const zh: ShareMessages = {
  title: '分享',
  text: '用您的邀请链接邀请好友。',
  link: '您的邀请链接',
  copyLink: '复制链接',
  share: '分享',
  shareText: '来和我一起玩吧！通过我的邀请链接注册。',
  qr: '您的邀请链接二维码',
  levels: '您的佣金',
  howItWorks: '每天按您邀请的好友的投注额获得佣金，最多三级。佣金以彩金发放：完成所需流水后转为现金。',
  level: '{{level}}级',
  persons: '邀请人数',
  rate: '投注额的{{rate}}%',
  invitees: '您邀请的好友',
  noInvitees: '还没有人。分享您的链接吧！',
  joined: '自{{date}}',
  lastActive: '最近投注：{{date}}',
  inactive: '暂无投注',
  loadFailed: '无法加载佣金。',
  retry: '重试',
};

export default zh;

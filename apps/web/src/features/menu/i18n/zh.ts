import type { MenuMessages } from './pt_BR';

const zh: MenuMessages = {
  title: '菜单',
  agent: '代理',
  agentLadder: '代理阶梯',
  vip: 'VIP',
  gameBonus: '游戏奖金',
  vipClub: 'VIP 俱乐部',
  share: '分享',
  download: '下载应用',
  installed: '已安装',
  social: '社交网络',
  messaging: '消息客服',
  customerService: '在线客服',
  language: '语言',
  languagePicker: {
    title: '语言',
  },
};

export default zh;

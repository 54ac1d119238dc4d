import type { MenuMessages } from './pt_BR';

const en: MenuMessages = {
  title: 'Menu',
  agent: 'Agent',
  agentLadder: 'Agent ladder',
  vip: 'VIP',
  gameBonus: 'Game bonus',
  vipClub: 'VIP Club',
  share: 'Share',
  download: 'Download the app',
  social: 'Social networks',
  messaging: 'Messaging support',
  customerService: 'Customer service',
  language: 'Language',
  languagePicker: {
    title: 'Language',
  },
};

export default en;

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
  installed: 'Installed',
  social: 'Social networks',
  messaging: 'Messaging support',
  customerService: 'Customer service',
  language: 'Language',
  languagePicker: {
    title: 'Language',
  },
};

export default en;

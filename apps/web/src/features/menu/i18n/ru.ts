import type { MenuMessages } from './pt_BR';

const ru: MenuMessages = {
  title: 'Меню',
  agent: 'Агент',
  agentLadder: 'Лестница агента',
  vip: 'VIP',
  gameBonus: 'Игровой бонус',
  vipClub: 'VIP-клуб',
  share: 'Поделиться',
  download: 'Скачать приложение',
  installed: 'Установлено',
  social: 'Соцсети',
  messaging: 'Поддержка в мессенджере',
  customerService: 'Служба поддержки',
  language: 'Язык',
  languagePicker: {
    title: 'Язык',
  },
};

export default ru;

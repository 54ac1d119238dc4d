import type { MenuMessages } from './pt_BR';

const id: MenuMessages = {
  title: 'Menu',
  agent: 'Agen',
  agentLadder: 'Tangga agen',
  vip: 'VIP',
  gameBonus: 'Bonus permainan',
  vipClub: 'Klub VIP',
  share: 'Bagikan',
  download: 'Unduh aplikasi',
  installed: 'Terpasang',
  social: 'Media sosial',
  messaging: 'Dukungan lewat pesan',
  customerService: 'Layanan pelanggan',
  language: 'Bahasa',
  languagePicker: {
    title: 'Bahasa',
  },
};

export default id;

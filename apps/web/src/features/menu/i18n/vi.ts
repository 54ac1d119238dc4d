import type { MenuMessages } from './pt_BR';

const vi: MenuMessages = {
  title: 'Menu',
  agent: 'Đại lý',
  agentLadder: 'Bậc thang đại lý',
  vip: 'VIP',
  gameBonus: 'Thưởng trò chơi',
  vipClub: 'Câu lạc bộ VIP',
  share: 'Chia sẻ',
  download: 'Tải ứng dụng',
  installed: 'Đã cài đặt',
  social: 'Mạng xã hội',
  messaging: 'Hỗ trợ qua tin nhắn',
  customerService: 'Chăm sóc khách hàng',
  language: 'Ngôn ngữ',
  languagePicker: {
    title: 'Ngôn ngữ',
  },
};

export default vi;

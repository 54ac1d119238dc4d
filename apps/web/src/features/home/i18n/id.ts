import type { HomeMessages } from './pt_BR';

const id: HomeMessages = {
  heroTitle: 'Olahraga dan kasino dalam satu tempat',
  heroText: 'Taruhan olahraga, permainan orisinal, dan slot, dengan penarikan PIX.',
  heroCta: 'Buat akun',
  heroCtaLogged: 'Lihat permainan',
  hotGames: 'Permainan populer',
  seeAll: 'Lihat semua',
  originals: 'Permainan orisinal',
  sports: 'Taruhan olahraga',
  sportsText: 'Sepak bola, bola basket, tenis, dan lainnya',
  casino: 'Kasino dan slot',
  casinoText: 'Slot dan permainan meja',
  promotions: 'Promosi dan VIP',
  promotionsText: 'Bonus, klub VIP, dan referensi',
  footerAge: '18+',
  footerRg: 'Bermain bertanggung jawab',
  footerTerms: 'Ketentuan layanan',
  footerText:
    'Bermainlah secara bertanggung jawab. Hanya untuk usia 18 tahun ke atas. Operator tidak bertanggung jawab atas pelanggaran hukum perjudian daring setempat.',
};

export default id;

import type { VipMessages } from './pt_BR';

const messages: VipMessages = {
  title: 'Klub VIP',
  loginFirst: 'Masuk untuk melihat level VIP dan bonus Anda.',
  login: 'Masuk',
  loading: 'Memuat…',
  error: 'Gagal memuat. Coba lagi.',
  yourLevel: 'Level Anda',
  level: 'VIP {{level}}',
  top: 'Anda berada di level tertinggi.',
  toNext: 'VIP {{level}} membutuhkan keduanya:',
  deposits: 'Deposit',
  turnover: 'Taruhan',
  levels: 'Level dan keuntungan',
  rewarded: 'Hadiah diterima',
  reward: 'Hadiah naik level',
  needDeposits: 'Deposit untuk mencapai',
  withdrawals: 'Penarikan per hari',
  fee: 'Biaya penarikan',
  bonuses: 'Bonus aktif',
  noBonuses: 'Tidak ada bonus aktif.',
  bonusAmount: 'Bonus {{amount}}',
  wagering: 'Taruhan yang diwajibkan',
  expires: 'Berakhir {{time}}',
};

export default messages;

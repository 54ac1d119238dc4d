import type { ActivitiesMessages } from './pt_BR';

const id: ActivitiesMessages = {
  title: 'Aktivitas',
  listTitle: 'Promosi',
  signInFirst: 'Masuk untuk melihat aktivitas dan progres Anda.',
  signIn: 'Masuk',
  notFound: 'Aktivitas tidak ditemukan',
  backHome: 'Kembali ke beranda',
  loadFailed: 'Aktivitas tidak dapat dimuat.',
  retry: 'Coba lagi',
  period: 'Dari {{from}} sampai {{to}}',
  percent: '{{percent}}%',
  percentCapped: '{{percent}}% (maksimal {{cap}})',
  reward: {
    firstDeposit: 'Bonus {{reward}} untuk deposit pertama Anda',
    deposit: 'Bonus {{reward}} dari deposit Anda dalam periode ini',
    turnover: 'Bertaruh {{target}} dalam periode ini dan dapatkan bonus {{reward}}',
  },
  progress: {
    firstDeposit: 'Deposit pertama Anda',
    deposit: 'Deposit dalam periode',
    turnover: 'Taruhan dalam periode',
  },
  ofTarget: '{{current}} dari {{target}}',
  wagering: 'Syarat taruhan: pertaruhkan bonus {{count}}x agar menjadi saldo yang bisa ditarik.',
  noWagering: 'Tanpa syarat taruhan: bonus menjadi saldo yang bisa ditarik.',
  claim: 'Klaim {{amount}}',
  notYet: 'Penuhi syarat untuk mengklaim',
  claimed: 'Anda menerima bonus {{amount}}',
  claimedAlready: 'Diklaim: {{amount}}',
  claimFailed: 'Klaim gagal. Silakan coba lagi.',
  unavailable: 'Promosi tidak tersedia untuk akun Anda.',
  ended: 'Aktivitas ini telah berakhir.',
  join: 'Ikut',
  joined: 'Anda sedang berpartisipasi.',
  awardTitle: 'Hadiah untuk diklaim',
  awardText: 'Anda memiliki bonus {{amount}} yang menunggu.',
  later: 'Nanti',
};

export default id;

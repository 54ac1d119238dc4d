import type { RewardsMessages } from './pt_BR';

const messages: RewardsMessages = {
  loginFirst: 'Masuk untuk melihat hadiah Anda.',
  login: 'Masuk',
  loading: 'Memuat…',
  error: 'Tidak dapat memuat. Silakan coba lagi.',
  unavailable: 'Promosi tidak tersedia untuk akun Anda.',
  agent: {
    title: 'Hadiah agen',
    intro:
      'Undang teman dengan tautan Anda. Setiap undangan langsung dengan deposit terkonfirmasi minimal {{min}} dihitung valid.',
    invite: 'Undang teman',
    valid: 'Undangan valid',
    invitees: 'Undangan langsung: {{count}}',
    toNext: 'Kurang {{count}} untuk tingkat {{tier}}',
    allReached: 'Anda telah mencapai semua tingkat.',
    rules: 'Aturan',
    rule1:
      'Hanya pemain yang Anda undang langsung dan deposit minimal {{min}} yang dihitung (deposit terkonfirmasi).',
    rule2:
      'Deposit yang dikembalikan atau disengketakan tidak dihitung; begitu pula akun uji dan akun dengan CPF Anda sendiri.',
    rule3: 'Setiap tingkat dapat diklaim sekali.',
    rule4: 'Hadiahnya berupa bonus: menjadi uang tunai setelah taruhan yang disyaratkan.',
  },
  ladder: {
    title: 'Bonus tangga',
    tier: 'Tingkat {{tier}}',
    needs: '{{count}} undangan valid',
    claim: 'Klaim',
    claimed: 'Diklaim',
    locked: 'Terkunci',
    paid: 'Hadiah {{amount}} dikreditkan sebagai bonus.',
  },
  game: {
    title: 'Bonus permainan',
    intro:
      'Bertaruh untuk membuka pengganda bonus paket deposit bonus. Pada deposit berikutnya melalui salah satu paket itu, bonus paket dilipatgandakan sekali dan misi dimulai lagi.',
    turnover: 'Taruhan dihitung',
    unlocked: 'Pengganda terbuka',
    next: 'Bertaruh {{amount}} lagi untuk membuka {{bouns}}x',
    top: 'Anda telah membuka pengganda tertinggi.',
    missions: 'Misi',
    mission: 'Bertaruh {{amount}}',
    packages: 'Paket bonus',
    packageLine: 'Deposit {{price}}',
    packageGift: 'Bonus {{gift}} × {{bouns}} = {{total}}',
    deposit: 'Deposit',
  },
  bonuses: {
    title: 'Bonus aktif',
    none: 'Tidak ada bonus aktif.',
    amount: 'Bonus {{amount}}',
    wagering: 'Taruhan yang disyaratkan',
    expires: 'Berakhir {{time}}',
    cap: 'Menjadi paling banyak {{amount}} tunai',
    withdraw:
      'Penarikan sekarang hanya mengambil saldo tunai: bonus tetap di akun sampai syarat taruhannya terpenuhi.',
  },
};

export default messages;

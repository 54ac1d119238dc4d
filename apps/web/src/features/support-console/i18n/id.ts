import type { SupportConsoleMessages } from './pt_BR';

const id: SupportConsoleMessages = {
  title: 'Konsol dukungan',
  email: 'E-mail',
  password: 'Kata sandi',
  totp: 'Kode autentikator',
  signIn: 'Masuk',
  signOut: 'Keluar',
  stats:
    '{{conversations}} percakapan dalam 7 hari · rata-rata respons pertama {{first}} d · rata-rata respons {{average}} d',
  queue: 'Antrean percakapan',
  empty: 'Tidak ada percakapan terbuka',
  visitor: 'pengunjung',
  typing: 'mengetik…',
  conversation: 'Percakapan',
  back: 'Antrean',
  assignMe: 'Ambil',
  balance: 'Saldo',
  kyc: 'KYC',
  kycDone: 'terverifikasi',
  kycMissing: 'tertunda',
  deposits: 'Deposit terakhir',
  withdrawals: 'Penarikan terakhir',
  depositLimit: 'Batas deposit harian',
  exclusion: 'Pengecualian',
  image: 'gambar',
  closedWith: 'Percakapan ditutup: {{reason}}',
  canned: 'Balasan siap pakai',
  reply: 'Balasan',
  send: 'Kirim',
  closeReason: 'Alasan penutupan',
  close: 'Tutup',
  status: {
    open: 'terbuka',
    assigned: 'ditugaskan',
    closed: 'ditutup',
  },
  reason: {
    resolved: 'selesai',
    noReply: 'tanpa balasan',
    duplicate: 'duplikat',
    abusive: 'kasar',
    other: 'lainnya',
  },
  exclusionKind: {
    cooloff: 'jeda',
    self: 'pengecualian diri',
  },
};

export default id;

import type { RgMessages } from './pt_BR';

const messages: RgMessages = {
  title: 'Bermain bertanggung jawab',
  intro:
    'Atur batas, ambil jeda, atau kecualikan diri. Batas yang lebih rendah langsung berlaku; yang lebih tinggi, atau menghapus batas, baru setelah 24 jam.',
  loginFirst: 'Masuk untuk mengatur batas Anda.',
  login: 'Masuk',
  used: 'Terpakai: {{used}}',
  pending: 'Menjadi {{value}} pada {{time}}',
  operator: 'Batas dari operator: {{value}}',
  none: 'tanpa batas',
  reality: 'Pengingat waktu bermain (menit)',
  realityHint: '5 sampai 240; kosong untuk mematikan',
  save: 'Simpan batas',
  saved: 'Batas disimpan',
  invalid: 'Gunakan angka positif saja',
  pauseTitle: 'Jeda dan pengecualian diri',
  cooloff: 'Jeda (1 sampai 42 hari)',
  self: 'Pengecualian diri',
  days: 'Hari jeda',
  selfLength: 'Lama pengecualian diri',
  months6: '6 bulan',
  year1: '1 tahun',
  years2: '2 tahun',
  forever: 'Permanen',
  start: 'Lanjut',
  confirmTitle: 'Konfirmasi',
  confirmCooloff:
    'Akun Anda akan dijeda selama {{days}} hari: Anda akan keluar di semua perangkat, dan taruhan, deposit, serta promosi diblokir. Penarikan yang tertunda tetap dibayar.',
  confirmSelf:
    'Akun Anda akan dikecualikan ({{length}}): Anda akan keluar di semua perangkat, dan taruhan, deposit, serta promosi diblokir. Penarikan yang tertunda tetap dibayar.',
  confirm: 'Konfirmasi',
  cancel: 'Batal',
  excludedUntil: 'Akun dijeda sampai {{time}}',
  excludedForever: 'Akun dikecualikan secara permanen',
  national: 'Platform nasional pengecualian diri',
  nationalText: 'Anda juga dapat mengecualikan diri dari semua situs taruhan berlisensi di Brasil.',
  realityTitle: 'Pengingat bermain',
  realityText: 'Anda sudah bermain {{minutes}} menit. Hasil sejak masuk: {{net}}.',
  keepPlaying: 'Lanjut bermain',
  seeLimits: 'Lihat batas saya',
  stop: 'Keluar',
  menu: 'Bermain bertanggung jawab',
  kind: {
    deposit: 'Deposit',
    loss: 'Kekalahan',
    stake: 'Taruhan',
    time: 'Waktu bermain (menit)',
  },
  period: {
    day: 'Per hari',
    week: 'Per minggu',
    month: 'Per bulan',
  },
};

export default messages;

import type { PwaMessages } from './pt_BR';

const id: PwaMessages = {
  title: 'Pasang aplikasi',
  why: 'Buka Aposta langsung dari layar utama, layar penuh, dan dapatkan pemberitahuan deposit dan penarikan.',
  install: 'Pasang',
  installed: 'Terpasang',
  iosTitle: 'Cara memasang di iPhone',
  iosShare: 'Ketuk Bagikan di bilah Safari',
  iosAdd: 'Pilih “Tambah ke Layar Utama”',
  iosConfirm: 'Ketuk “Tambah”',
  manual: 'Buka menu browser dan pilih “Instal aplikasi” atau “Tambahkan ke layar utama”.',
  nativeApp: 'Unduh aplikasi native',
  notifications: 'Notifikasi',
  notificationsHint: 'Deposit masuk dan penarikan dibayar',
  blocked: 'Diblokir di pengaturan browser',
};

export default id;

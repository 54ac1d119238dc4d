import type { ShareMessages } from './pt_BR';

const id: ShareMessages = {
  title: 'Bagikan',
  text: 'Undang teman dengan tautan undangan Anda.',
  link: 'Tautan undangan Anda',
  copyLink: 'Salin tautan',
  share: 'Bagikan',
  shareText: 'Ayo main bersama saya! Daftar lewat tautan undangan saya.',
  qr: 'Kode QR tautan undangan Anda',
  levels: 'Komisi Anda',
  howItWorks:
    'Setiap hari Anda mendapat komisi dari jumlah taruhan undangan Anda, hingga level ke-3. Komisi dibayar sebagai bonus: menjadi uang tunai setelah taruhan yang disyaratkan.',
  level: 'Level {{level}}',
  persons: 'Undangan',
  rate: '{{rate}}% dari taruhan',
  invitees: 'Undangan Anda',
  noInvitees: 'Belum ada. Bagikan tautan Anda!',
  joined: 'Sejak {{date}}',
  lastActive: 'Taruhan terakhir: {{date}}',
  inactive: 'Belum ada taruhan',
  loadFailed: 'Komisi tidak dapat dimuat.',
  retry: 'Coba lagi',
};

export default id;

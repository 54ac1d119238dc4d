import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: 'Ketentuan layanan',
  updated: 'Versi {{date}}',
  contents: 'Bagian',
  portugueseOnly: 'Ketentuan ini diterbitkan dalam bahasa Portugis, versi yang berlaku di Brasil.',
  updateTitle: 'Kami memperbarui ketentuan layanan',
  updateText: 'Untuk melanjutkan, baca dan terima versi {{date}}.',
  updateRead: 'Baca ketentuan layanan',
  updateAccept: 'Terima',
  updateSignOut: 'Keluar',
};

export default messages;

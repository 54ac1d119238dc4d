import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: 'Ketentuan layanan',
  updated: 'Versi {{date}}',
  contents: 'Bagian',
  portugueseOnly: 'Ketentuan ini diterbitkan dalam bahasa Portugis, versi yang berlaku di Brasil.',
};

export default messages;

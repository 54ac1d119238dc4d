import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: 'Условия обслуживания',
  updated: 'Редакция от {{date}}',
  contents: 'Разделы',
  portugueseOnly: 'Условия опубликованы на португальском языке — эта редакция действует в Бразилии.',
};

export default messages;

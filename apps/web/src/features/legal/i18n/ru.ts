import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: 'Условия обслуживания',
  updated: 'Редакция от {{date}}',
  contents: 'Разделы',
  portugueseOnly: 'Условия опубликованы на португальском языке — эта редакция действует в Бразилии.',
  updateTitle: 'Мы обновили условия обслуживания',
  updateText: 'Чтобы продолжить, прочитайте и примите версию от {{date}}.',
  updateRead: 'Читать условия обслуживания',
  updateAccept: 'Принять',
  updateSignOut: 'Выйти',
};

export default messages;

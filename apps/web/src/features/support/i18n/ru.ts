import type { SupportMessages } from './pt_BR';

const ru: SupportMessages = {
  title: 'Служба поддержки',
  open: 'Открыть службу поддержки',
  openUnread: 'Открыть службу поддержки (новых: {{count}})',
  hosted: 'Открываем чат…',
  visitorIntro: 'Введите e-mail, чтобы написать нашей команде.',
  email: 'E-mail',
  start: 'Начать чат',
  empty: 'Здравствуйте! Чем можем помочь?',
  typing: 'Оператор печатает…',
  closed: 'Разговор закрыт. Отправьте сообщение, чтобы начать новый.',
  imageTooLarge: 'Изображение слишком большое (не более 2 МБ)',
  imageType: 'Можно отправлять только изображения PNG, JPEG, GIF или WebP',
  attach: 'Прикрепить изображение',
  message: 'Сообщение',
  placeholder: 'Напишите сообщение',
  send: 'Отправить',
  agent: 'Оператор',
  image: 'Изображение',
  read: 'Прочитано',
  sent: 'Отправлено',
};

export default ru;

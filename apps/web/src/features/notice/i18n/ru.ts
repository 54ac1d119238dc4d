import type { NoticeMessages } from './pt_BR';

const ru: NoticeMessages = {
  label: 'Объявление',
  close: 'Закрыть объявление',
};

export default ru;

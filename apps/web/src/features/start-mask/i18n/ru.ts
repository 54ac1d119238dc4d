import type { StartMaskMessages } from './pt_BR';

const ru: StartMaskMessages = {
  title: 'Ежедневная отметка',
  text: 'Нажмите, чтобы открыть лист отметок',
  signIn: {
    title: 'Лист отметок',
  },
};

export default ru;

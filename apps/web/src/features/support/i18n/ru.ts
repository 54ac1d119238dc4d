import type { SupportMessages } from './pt_BR';

const ru: SupportMessages = {
  title: 'Служба поддержки',
  open: 'Открыть службу поддержки',
  text: 'Онлайн-чат с нашей командой скоро будет доступен.',
};

export default ru;

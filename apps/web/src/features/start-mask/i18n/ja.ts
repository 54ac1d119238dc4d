import type { StartMaskMessages } from './pt_BR';

const ja: StartMaskMessages = {
  title: 'デイリーチェックイン',
  text: 'タップしてチェックインシートを開く',
  signIn: {
    title: 'チェックインシート',
  },
};

export default ja;

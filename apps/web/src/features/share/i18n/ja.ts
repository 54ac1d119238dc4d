import type { ShareMessages } from './pt_BR';

const ja: ShareMessages = {
  title: 'シェア',
  text: '招待リンクで友だちを招待しましょう。',
  link: 'あなたの招待リンク',
  copyLink: 'リンクをコピー',
};

export default ja;

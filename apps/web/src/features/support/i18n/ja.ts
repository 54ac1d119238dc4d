import type { SupportMessages } from './pt_BR';

const ja: SupportMessages = {
  title: 'カスタマーサービス',
  open: 'カスタマーサービスを開く',
  text: 'スタッフとのライブチャットはまもなくご利用いただけます。',
};

export default ja;

import type { SupportMessages } from './pt_BR';

const ja: SupportMessages = {
  title: 'カスタマーサービス',
  open: 'カスタマーサービスを開く',
  openUnread: 'カスタマーサービスを開く(新着{{count}}件)',
  hosted: 'チャットを開いています…',
  visitorIntro: 'チームとチャットするにはメールアドレスを入力してください。',
  email: 'メールアドレス',
  start: 'チャットを開始',
  empty: 'こんにちは!ご用件をどうぞ。',
  typing: '担当者が入力中…',
  closed: '会話は終了しました。メッセージを送ると新しい会話が始まります。',
  imageTooLarge: '画像が大きすぎます(最大2 MB)',
  imageType: '送信できるのはPNG、JPEG、GIF、WebP画像のみです',
  attach: '画像を添付',
  message: 'メッセージ',
  placeholder: 'メッセージを入力',
  send: '送信',
  agent: '担当者',
  image: '画像',
  read: '既読',
  sent: '送信済み',
};

export default ja;

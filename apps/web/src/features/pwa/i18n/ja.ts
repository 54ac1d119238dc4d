import type { PwaMessages } from './pt_BR';

const ja: PwaMessages = {
  title: 'アプリをインストール',
  why: 'ホーム画面から全画面で Aposta を開き、入金・出金の通知を受け取れます。',
  install: 'インストール',
  installed: 'インストール済み',
  iosTitle: 'iPhone でのインストール方法',
  iosShare: 'Safari のバーで共有をタップ',
  iosAdd: '「ホーム画面に追加」を選択',
  iosConfirm: '「追加」をタップ',
  manual: 'ブラウザのメニューから「アプリをインストール」または「ホーム画面に追加」を選んでください。',
  nativeApp: 'ネイティブアプリをダウンロード',
  notifications: '通知',
  notificationsHint: '入金反映と出金完了',
  blocked: 'ブラウザの設定でブロックされています',
};

export default ja;

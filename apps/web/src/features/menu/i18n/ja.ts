import type { MenuMessages } from './pt_BR';

const ja: MenuMessages = {
  title: 'メニュー',
  agent: 'エージェント',
  agentLadder: 'エージェントラダー',
  vip: 'VIP',
  gameBonus: 'ゲームボーナス',
  vipClub: 'VIPクラブ',
  share: 'シェア',
  download: 'アプリをダウンロード',
  installed: 'インストール済み',
  social: 'SNS',
  messaging: 'メッセージサポート',
  customerService: 'カスタマーサービス',
  language: '言語',
  languagePicker: {
    title: '言語',
  },
};

export default ja;

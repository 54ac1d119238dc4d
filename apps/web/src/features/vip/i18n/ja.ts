import type { VipMessages } from './pt_BR';

const messages: VipMessages = {
  title: 'VIPクラブ',
  loginFirst: 'VIPレベルとボーナスを見るにはログインしてください。',
  login: 'ログイン',
  loading: '読み込み中…',
  error: '読み込めませんでした。もう一度お試しください。',
  yourLevel: 'あなたのレベル',
  level: 'VIP {{level}}',
  top: '最高レベルです。',
  toNext: 'VIP {{level}} には両方が必要です:',
  deposits: '入金',
  turnover: 'ベット',
  levels: 'レベルと特典',
  rewarded: '報酬受取済み',
  reward: '昇格報酬',
  needDeposits: '到達に必要な入金',
  withdrawals: '1日の出金回数',
  fee: '出金手数料',
  bonuses: '有効なボーナス',
  noBonuses: '有効なボーナスはありません。',
  bonusAmount: '{{amount}} のボーナス',
  wagering: '必要なベット額',
  expires: '有効期限 {{time}}',
};

export default messages;

import type { RgMessages } from './pt_BR';

const messages: RgMessages = {
  title: '責任あるゲーム',
  intro:
    '上限の設定、休止、自己排除ができます。上限の引き下げはすぐに、引き上げや解除は24時間後に有効になります。',
  loginFirst: '上限を設定するにはログインしてください。',
  login: 'ログイン',
  used: '使用済み：{{used}}',
  pending: '{{time}}に{{value}}になります',
  operator: '運営者による上限：{{value}}',
  none: '上限なし',
  reality: 'プレイ時間のリマインダー（分）',
  realityHint: '5〜240、空欄でオフ',
  save: '上限を保存',
  saved: '上限を保存しました',
  invalid: '正の数のみ入力してください',
  pauseTitle: '休止と自己排除',
  cooloff: '休止（1〜42日）',
  self: '自己排除',
  days: '休止日数',
  selfLength: '自己排除の期間',
  months6: '6か月',
  year1: '1年',
  years2: '2年',
  forever: '無期限',
  start: '次へ',
  confirmTitle: '確認',
  confirmCooloff:
    'アカウントを{{days}}日間停止します：すべての端末でログアウトされ、ベット、入金、プロモーションはできなくなります。保留中の出金は支払われます。',
  confirmSelf:
    'アカウントを自己排除します（{{length}}）：すべての端末でログアウトされ、ベット、入金、プロモーションはできなくなります。保留中の出金は支払われます。',
  confirm: '確定',
  cancel: 'キャンセル',
  excludedUntil: '{{time}}までアカウント停止中',
  excludedForever: '無期限に自己排除中',
  national: '国の自己排除プラットフォーム',
  nationalText: 'ブラジルのすべての認可ベッティングサイトから自分を排除することもできます。',
  realityTitle: 'プレイの確認',
  realityText: '{{minutes}}分プレイしています。ログイン以降の結果：{{net}}。',
  keepPlaying: 'プレイを続ける',
  seeLimits: '上限を見る',
  stop: 'ログアウト',
  menu: '責任あるゲーム',
  kind: {
    deposit: '入金',
    loss: '損失',
    stake: 'ベット額',
    time: 'プレイ時間（分）',
  },
  period: {
    day: '1日',
    week: '1週間',
    month: '1か月',
  },
};

export default messages;

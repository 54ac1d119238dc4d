import type { ActivitiesMessages } from './pt_BR';

const ja: ActivitiesMessages = {
  title: 'アクティビティ',
  listTitle: 'プロモーション',
  signInFirst: 'アクティビティと進捗を見るにはログインしてください。',
  signIn: 'ログイン',
  notFound: 'アクティビティが見つかりません',
  backHome: 'ホームに戻る',
  loadFailed: 'アクティビティを読み込めませんでした。',
  retry: '再試行',
  period: '{{from}}〜{{to}}',
  percent: '{{percent}}%',
  percentCapped: '{{percent}}%（上限 {{cap}}）',
  reward: {
    firstDeposit: '初回入金で {{reward}} のボーナス',
    deposit: '期間中の入金に {{reward}} のボーナス',
    turnover: '期間中に {{target}} ベットして {{reward}} のボーナス',
  },
  progress: {
    firstDeposit: '初回入金',
    deposit: '期間中の入金額',
    turnover: '期間中のベット額',
  },
  ofTarget: '{{current}} / {{target}}',
  wagering: '賭け条件：ボーナスの {{count}} 倍をベットすると出金可能な残高になります。',
  noWagering: '賭け条件なし：ボーナスは出金可能な残高になります。',
  claim: '{{amount}} を受け取る',
  notYet: '条件を満たすと受け取れます',
  claimed: '{{amount}} のボーナスを受け取りました',
  claimedAlready: '受け取り済み：{{amount}}',
  claimFailed: '受け取れませんでした。もう一度お試しください。',
  unavailable: 'お客様のアカウントではプロモーションをご利用いただけません。',
  ended: 'このアクティビティは終了しました。',
  join: '参加する',
  joined: '参加中です。',
  awardTitle: '受け取れる報酬',
  awardText: '{{amount}} のボーナスがあなたを待っています。',
  later: 'あとで',
};

export default ja;

import type { StartMaskMessages } from './pt_BR';

const ja: StartMaskMessages = {
  title: 'デイリーチェックイン',
  text: 'タップしてチェックインシートを開く',
  signIn: {
    title: 'チェックインシート',
    rules:
      '1日1回報酬を受け取れます（ブラジリア時間）。1日でも逃すと7日間のサイクルは最初からになります。報酬はボーナスです。必要な賭け条件を満たすと現金になります。',
    streak: '連続：{{count}}/7日',
    day: '{{day}}日目',
    done: '受取済み',
    claim: '{{day}}日目を受け取る',
    comeBack: 'また明日',
    claimed: '報酬を受け取りました：{{amount}}',
    unavailable: 'お客様のアカウントではプロモーションをご利用いただけません。',
    signInFirst: 'ログインして受け取る',
    loadFailed: 'チェックインシートを読み込めませんでした。',
    retry: '再試行',
  },
};

export default ja;

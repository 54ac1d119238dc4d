import type { ShareMessages } from './pt_BR';

const ja: ShareMessages = {
  title: 'シェア',
  text: '招待リンクで友達を招待しましょう。',
  link: 'あなたの招待リンク',
  copyLink: 'リンクをコピー',
  share: 'シェア',
  shareText: '一緒に遊ぼう！招待リンクから登録してね。',
  qr: '招待リンクのQRコード',
  levels: 'あなたのコミッション',
  howItWorks:
    '招待した方のベット額に応じて、第3階層まで毎日コミッションを受け取れます。コミッションはボーナスで支払われ、必要な賭け条件を満たすと現金になります。',
  level: 'レベル{{level}}',
  persons: '招待数',
  rate: 'ベット額の{{rate}}%',
  invitees: '招待した方',
  noInvitees: 'まだいません。リンクをシェアしましょう！',
  joined: '{{date}}から',
  lastActive: '最終ベット：{{date}}',
  inactive: 'ベットなし',
  loadFailed: 'コミッションを読み込めませんでした。',
  retry: '再試行',
};

export default ja;

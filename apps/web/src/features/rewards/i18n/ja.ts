import type { RewardsMessages } from './pt_BR';

const messages: RewardsMessages = {
  loginFirst: 'ログインして報酬を確認してください。',
  login: 'ログイン',
  loading: '読み込み中…',
  error: '読み込めませんでした。もう一度お試しください。',
  unavailable: 'お客様のアカウントではプロモーションをご利用いただけません。',
  agent: {
    title: 'エージェント報酬',
    intro: 'リンクで友達を招待しましょう。確定入金が{{min}}以上の直接の招待者が有効になります。',
    invite: '友達を招待',
    valid: '有効な招待者',
    invitees: '直接の招待者：{{count}}人',
    toNext: 'ランク{{tier}}まであと{{count}}人',
    allReached: 'すべてのランクに到達しました。',
    rules: 'ルール',
    rule1: '直接招待し、{{min}}以上入金した人だけが対象です（確定した入金）。',
    rule2:
      '返金・チャージバックされた入金は対象外です。テストアカウントやご自身のCPFのアカウントも対象外です。',
    rule3: '各ランクの受け取りは1回です。',
    rule4: '報酬はボーナスです。必要な賭け条件を満たすと現金になります。',
  },
  ladder: {
    title: 'ラダーボーナス',
    tier: 'ランク{{tier}}',
    needs: '有効な招待者{{count}}人',
    claim: '受け取る',
    claimed: '受取済み',
    locked: '未達成',
    paid: '{{amount}}の報酬がボーナスとして付与されました。',
  },
  game: {
    title: 'ゲームボーナス',
    intro:
      'ベットしてボーナス付き入金パッケージのボーナス倍率を解除しましょう。次にそのパッケージで入金すると、ボーナスが1回だけ倍増し、ミッションは最初からになります。',
    turnover: 'カウントされたベット',
    unlocked: '解除済みの倍率',
    next: 'あと{{amount}}ベットで{{bouns}}倍を解除',
    top: '最高倍率を解除しました。',
    missions: 'ミッション',
    mission: '{{amount}}をベット',
    packages: 'ボーナス付きパッケージ',
    packageLine: '{{price}}の入金',
    packageGift: 'ボーナス {{gift}} × {{bouns}} = {{total}}',
    deposit: '入金する',
  },
  bonuses: {
    title: '有効なボーナス',
    none: '有効なボーナスはありません。',
    amount: '{{amount}}のボーナス',
    wagering: '必要な賭け条件',
    expires: '有効期限 {{time}}',
    cap: '現金化の上限 {{amount}}',
    withdraw: '今出金すると現金残高のみが対象です。ボーナスは賭け条件を満たすまでアカウントに残ります。',
  },
};

export default messages;

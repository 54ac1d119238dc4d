import type { HomeMessages } from './pt_BR';

const ja: HomeMessages = {
  heroTitle: 'スポーツもカジノもひとつの場所で',
  heroText: 'スポーツベット、オリジナルゲーム、スロット。出金はPIXで。',
  heroCta: 'アカウント作成',
  heroCtaLogged: 'ゲームを見る',
  hotGames: '人気のゲーム',
  seeAll: 'すべて見る',
  originals: 'オリジナルゲーム',
  sports: 'スポーツベット',
  sportsText: 'サッカー、バスケットボール、テニスなど',
  casino: 'カジノとスロット',
  casinoText: 'スロットとテーブルゲーム',
  promotions: 'プロモーションとVIP',
  promotionsText: 'ボーナス、VIPクラブ、紹介',
  footerAge: '18+',
  footerRg: '責任あるゲーム',
  footerTerms: '利用規約',
  footerText:
    '責任を持ってプレイしてください。18歳以上の方のみご利用いただけます。運営者は現地のオンラインゲーム法の違反について責任を負いません。',
};

export default ja;

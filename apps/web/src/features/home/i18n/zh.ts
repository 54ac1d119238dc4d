import type { HomeMessages } from './pt_BR';

const zh: HomeMessages = {
  heroTitle: '体育与娱乐场，尽在一处',
  heroText: '体育投注、原创游戏和老虎机，支持 PIX 提现。',
  heroCta: '创建账户',
  heroCtaLogged: '查看游戏',
  hotGames: '热门游戏',
  seeAll: '查看全部',
  originals: '原创游戏',
  sports: '体育投注',
  sportsText: '足球、篮球、网球等',
  casino: '娱乐场与老虎机',
  casinoText: '老虎机与桌面游戏',
  promotions: '优惠与 VIP',
  promotionsText: '奖金、VIP 俱乐部与推荐',
  footerAge: '18+',
  footerRg: '负责任博彩',
  footerTerms: '服务条款',
  footerText: '请理性娱乐。仅限 18 岁及以上人士。运营方不对违反当地网络博彩法律的行为负责。',
};

export default zh;

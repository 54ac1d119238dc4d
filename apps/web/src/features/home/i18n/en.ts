import type { HomeMessages } from './pt_BR';

const en: HomeMessages = {
  heroTitle: 'Sports and casino in one place',
  heroText: 'Sports betting, original games and slots, with PIX withdrawals.',
  heroCta: 'Create account',
  heroCtaLogged: 'See games',
  hotGames: 'Hot games',
  seeAll: 'See all',
  originals: 'Original games',
  sports: 'Sports betting',
  sportsText: 'Football, basketball, tennis and more',
  casino: 'Casino and slots',
  casinoText: 'Slots and table games',
  promotions: 'Promotions and VIP',
  promotionsText: 'Bonuses, VIP club and referrals',
  footerAge: '18+',
  footerRg: 'Responsible gaming',
  footerTerms: 'Terms of service',
  footerText:
    'Play responsibly. For adults aged 18 and over only. The operator is not responsible for breaches of local online gaming laws.',
};

export default en;

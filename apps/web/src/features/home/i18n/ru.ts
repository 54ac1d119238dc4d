import type { HomeMessages } from './pt_BR';

const ru: HomeMessages = {
  heroTitle: 'Спорт и казино в одном месте',
  heroText: 'Ставки на спорт, оригинальные игры и слоты, вывод через PIX.',
  heroCta: 'Создать аккаунт',
  heroCtaLogged: 'Смотреть игры',
  hotGames: 'Популярные игры',
  seeAll: 'Все игры',
  originals: 'Оригинальные игры',
  sports: 'Ставки на спорт',
  sportsText: 'Футбол, баскетбол, теннис и другое',
  casino: 'Казино и слоты',
  casinoText: 'Слоты и настольные игры',
  promotions: 'Акции и VIP',
  promotionsText: 'Бонусы, VIP-клуб и приглашения',
  footerAge: '18+',
  footerRg: 'Ответственная игра',
  footerTerms: 'Условия обслуживания',
  footerText:
    'Играйте ответственно. Только для лиц старше 18 лет. Оператор не несёт ответственности за нарушение местных законов об онлайн-играх.',
};

export default ru;

import type { Strings } from '../../../lib/i18n/strings';

/**
 * Home namespace (`home`): the home page's hero, sections and footer (game names are the shared `pages`).
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  heroTitle: 'Esportes e cassino num só lugar',
  heroText: 'Apostas esportivas, jogos originais e slots, com saques por PIX.',
  heroCta: 'Criar conta',
  heroCtaLogged: 'Ver jogos',
  hotGames: 'Jogos em alta',
  seeAll: 'Ver todos',
  originals: 'Jogos originais',
  sports: 'Apostas esportivas',
  sportsText: 'Futebol, basquete, tênis e mais',
  casino: 'Cassino e slots',
  casinoText: 'Slots e jogos de mesa',
  promotions: 'Promoções e VIP',
  promotionsText: 'Bônus, clube VIP e indicações',
  footerAge: '18+',
  footerRg: 'Jogo responsável',
  footerTerms: 'Termos de serviço',
  footerText:
    'Jogue com responsabilidade. Apenas para maiores de 18 anos. A operadora não se responsabiliza por violações das leis locais de jogos online.',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type HomeMessages = Strings<typeof ptBR>;

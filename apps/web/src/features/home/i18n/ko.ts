import type { HomeMessages } from './pt_BR';

const ko: HomeMessages = {
  heroTitle: '스포츠와 카지노를 한곳에서',
  heroText: '스포츠 베팅, 오리지널 게임, 슬롯, 그리고 PIX 출금.',
  heroCta: '계정 만들기',
  heroCtaLogged: '게임 보기',
  hotGames: '인기 게임',
  seeAll: '모두 보기',
  originals: '오리지널 게임',
  sports: '스포츠 베팅',
  sportsText: '축구, 농구, 테니스 등',
  casino: '카지노와 슬롯',
  casinoText: '슬롯과 테이블 게임',
  promotions: '프로모션과 VIP',
  promotionsText: '보너스, VIP 클럽, 추천',
  footerAge: '18+',
  footerRg: '책임감 있는 게임',
  footerTerms: '서비스 약관',
  footerText:
    '책임감 있게 플레이하세요. 18세 이상만 이용할 수 있습니다. 운영자는 현지 온라인 게임법 위반에 대해 책임지지 않습니다.',
};

export default ko;

import type { HomeMessages } from './pt_BR';

const vi: HomeMessages = {
  heroTitle: 'Thể thao và sòng bài ở cùng một nơi',
  heroText: 'Cá cược thể thao, trò chơi độc quyền và slot, rút tiền qua PIX.',
  heroCta: 'Tạo tài khoản',
  heroCtaLogged: 'Xem trò chơi',
  hotGames: 'Trò chơi nổi bật',
  seeAll: 'Xem tất cả',
  originals: 'Trò chơi độc quyền',
  sports: 'Cá cược thể thao',
  sportsText: 'Bóng đá, bóng rổ, quần vợt và hơn thế',
  casino: 'Sòng bài và slot',
  casinoText: 'Slot và trò chơi bàn',
  promotions: 'Khuyến mãi và VIP',
  promotionsText: 'Tiền thưởng, câu lạc bộ VIP và giới thiệu',
  footerAge: '18+',
  footerRg: 'Chơi có trách nhiệm',
  footerTerms: 'Điều khoản dịch vụ',
  footerText:
    'Hãy chơi có trách nhiệm. Chỉ dành cho người từ 18 tuổi trở lên. Nhà điều hành không chịu trách nhiệm về việc vi phạm luật cờ bạc trực tuyến tại địa phương.',
};

export default vi;

import type { MenuMessages } from './pt_BR';

const ko: MenuMessages = {
  title: '메뉴',
  agent: '에이전트',
  agentLadder: '에이전트 래더',
  vip: 'VIP',
  gameBonus: '게임 보너스',
  vipClub: 'VIP 클럽',
  share: '공유',
  download: '앱 다운로드',
  installed: '설치됨',
  social: '소셜 네트워크',
  messaging: '메신저 지원',
  customerService: '고객 센터',
  language: '언어',
  languagePicker: {
    title: '언어',
  },
};

export default ko;

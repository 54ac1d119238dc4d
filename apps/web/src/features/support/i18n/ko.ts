import type { SupportMessages } from './pt_BR';

const ko: SupportMessages = {
  title: '고객 센터',
  open: '고객 센터 열기',
  text: '상담원과의 실시간 채팅이 곧 제공됩니다.',
};

export default ko;

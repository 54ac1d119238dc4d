import type { SupportMessages } from './pt_BR';

const ko: SupportMessages = {
  title: '고객 센터',
  open: '고객 센터 열기',
  openUnread: '고객 센터 열기(새 메시지 {{count}}개)',
  hosted: '채팅을 여는 중…',
  visitorIntro: '상담원과 채팅하려면 이메일을 입력하세요.',
  email: '이메일',
  start: '채팅 시작',
  empty: '안녕하세요! 무엇을 도와드릴까요?',
  typing: '상담원이 입력 중…',
  closed: '대화가 종료되었습니다. 메시지를 보내면 새 대화가 시작됩니다.',
  imageTooLarge: '이미지가 너무 큽니다(최대 2 MB)',
  imageType: 'PNG, JPEG, GIF 또는 WebP 이미지만 보낼 수 있습니다',
  attach: '이미지 첨부',
  message: '메시지',
  placeholder: '메시지를 입력하세요',
  send: '보내기',
  agent: '상담원',
  image: '이미지',
  read: '읽음',
  sent: '보냄',
};

export default ko;

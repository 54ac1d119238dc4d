import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: '서비스 약관',
  updated: '{{date}} 버전',
  contents: '목차',
  portugueseOnly: '약관은 포르투갈어로 게시되며, 브라질에서 효력을 갖는 것은 그 버전입니다.',
  updateTitle: '서비스 약관이 업데이트되었습니다',
  updateText: '계속하려면 {{date}} 버전을 읽고 동의해 주세요.',
  updateRead: '서비스 약관 읽기',
  updateAccept: '동의',
  updateSignOut: '로그아웃',
};

export default messages;

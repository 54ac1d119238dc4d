import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: '서비스 약관',
  updated: '{{date}} 버전',
  contents: '목차',
  portugueseOnly: '약관은 포르투갈어로 게시되며, 브라질에서 효력을 갖는 것은 그 버전입니다.',
};

export default messages;

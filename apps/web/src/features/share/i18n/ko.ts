import type { ShareMessages } from './pt_BR';

const ko: ShareMessages = {
  title: '공유',
  text: '초대 링크로 친구를 초대하세요.',
  link: '내 초대 링크',
  copyLink: '링크 복사',
  share: '공유',
  shareText: '함께 플레이해요! 제 초대 링크로 가입하세요.',
  qr: '내 초대 링크 QR 코드',
  levels: '내 커미션',
  howItWorks:
    '초대한 사람들의 베팅 금액에 대해 3단계까지 매일 커미션을 받습니다. 커미션은 보너스로 지급되며 필요한 베팅 조건을 채우면 현금이 됩니다.',
  level: '{{level}}단계',
  persons: '초대 인원',
  rate: '베팅액의 {{rate}}%',
  invitees: '내가 초대한 사람',
  noInvitees: '아직 없습니다. 링크를 공유하세요!',
  joined: '{{date}}부터',
  lastActive: '마지막 베팅: {{date}}',
  inactive: '베팅 없음',
  loadFailed: '커미션을 불러오지 못했습니다.',
  retry: '다시 시도',
};

export default ko;

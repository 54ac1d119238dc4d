import type { RgMessages } from './pt_BR';

const messages: RgMessages = {
  title: '책임감 있는 게임',
  intro:
    '한도를 정하거나, 휴식하거나, 자가 제외하세요. 낮춘 한도는 즉시, 높인 한도나 한도 해제는 24시간 후에 적용됩니다.',
  loginFirst: '한도를 설정하려면 로그인하세요.',
  login: '로그인',
  used: '사용: {{used}}',
  pending: '{{time}}에 {{value}}(으)로 변경',
  operator: '운영자가 정한 한도: {{value}}',
  none: '한도 없음',
  reality: '플레이 시간 알림(분)',
  realityHint: '5~240, 비우면 꺼짐',
  save: '한도 저장',
  saved: '한도가 저장되었습니다',
  invalid: '양수만 입력하세요',
  pauseTitle: '휴식과 자가 제외',
  cooloff: '휴식(1~42일)',
  self: '자가 제외',
  days: '휴식 일수',
  selfLength: '자가 제외 기간',
  months6: '6개월',
  year1: '1년',
  years2: '2년',
  forever: '영구',
  start: '계속',
  confirmTitle: '확인',
  confirmCooloff:
    '계정이 {{days}}일 동안 일시 중지됩니다: 모든 기기에서 로그아웃되고 베팅, 입금, 프로모션이 차단됩니다. 대기 중인 출금은 계속 지급됩니다.',
  confirmSelf:
    '계정이 자가 제외됩니다({{length}}): 모든 기기에서 로그아웃되고 베팅, 입금, 프로모션이 차단됩니다. 대기 중인 출금은 계속 지급됩니다.',
  confirm: '확인',
  cancel: '취소',
  excludedUntil: '{{time}}까지 계정 일시 중지',
  excludedForever: '영구 자가 제외된 계정',
  national: '국가 자가 제외 플랫폼',
  nationalText: '브라질의 모든 허가된 베팅 사이트에서 자신을 제외할 수도 있습니다.',
  realityTitle: '플레이 알림',
  realityText: '{{minutes}}분 동안 플레이했습니다. 로그인 이후 결과: {{net}}.',
  keepPlaying: '계속 플레이',
  seeLimits: '내 한도 보기',
  stop: '로그아웃',
  menu: '책임감 있는 게임',
  kind: {
    deposit: '입금',
    loss: '손실',
    stake: '베팅액',
    time: '플레이 시간(분)',
  },
  period: {
    day: '일별',
    week: '주별',
    month: '월별',
  },
};

export default messages;

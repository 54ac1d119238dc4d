import type { PwaMessages } from './pt_BR';

const ko: PwaMessages = {
  title: '앱 설치',
  why: '홈 화면에서 전체 화면으로 Aposta를 열고 입금·출금 알림을 받으세요.',
  install: '설치',
  installed: '설치됨',
  iosTitle: 'iPhone에 설치하는 방법',
  iosShare: 'Safari 막대에서 공유를 탭하세요',
  iosAdd: '“홈 화면에 추가”를 선택하세요',
  iosConfirm: '“추가”를 탭하세요',
  manual: '브라우저 메뉴에서 “앱 설치” 또는 “홈 화면에 추가”를 선택하세요.',
  nativeApp: '네이티브 앱 다운로드',
  notifications: '알림',
  notificationsHint: '입금 완료 및 출금 지급',
  blocked: '브라우저 설정에서 차단됨',
};

export default ko;

import type { PwaMessages } from './pt_BR';

const en: PwaMessages = {
  title: 'Install the app',
  why: 'Open Aposta straight from your home screen, full screen, and get notified of deposits and withdrawals.',
  install: 'Install',
  installed: 'Installed',
  iosTitle: 'How to install on iPhone',
  iosShare: 'Tap Share in Safari’s toolbar',
  iosAdd: 'Choose “Add to Home Screen”',
  iosConfirm: 'Tap “Add”',
  manual: 'Open your browser’s menu and choose “Install app” or “Add to Home screen”.',
  nativeApp: 'Download the native app',
  notifications: 'Notifications',
  notificationsHint: 'Deposit credited and withdrawal paid',
  blocked: 'Blocked in the browser’s settings',
};

export default en;

import type { PwaMessages } from './pt_BR';

const zh: PwaMessages = {
  title: '安装应用',
  why: '从主屏幕全屏打开 Aposta，并接收存款和提款通知。',
  install: '安装',
  installed: '已安装',
  iosTitle: '如何在 iPhone 上安装',
  iosShare: '在 Safari 工具栏中点按“分享”',
  iosAdd: '选择“添加到主屏幕”',
  iosConfirm: '点按“添加”',
  manual: '打开浏览器菜单，选择“安装应用”或“添加到主屏幕”。',
  nativeApp: '下载原生应用',
  notifications: '通知',
  notificationsHint: '存款到账和提款已支付',
  blocked: '已在浏览器设置中屏蔽',
};

export default zh;

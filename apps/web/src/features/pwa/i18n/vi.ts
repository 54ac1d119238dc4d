import type { PwaMessages } from './pt_BR';

const vi: PwaMessages = {
  title: 'Cài đặt ứng dụng',
  why: 'Mở Aposta ngay từ màn hình chính, toàn màn hình, và nhận thông báo nạp và rút tiền.',
  install: 'Cài đặt',
  installed: 'Đã cài đặt',
  iosTitle: 'Cách cài trên iPhone',
  iosShare: 'Chạm Chia sẻ trên thanh Safari',
  iosAdd: 'Chọn “Thêm vào MH chính”',
  iosConfirm: 'Chạm “Thêm”',
  manual: 'Mở menu trình duyệt và chọn “Cài đặt ứng dụng” hoặc “Thêm vào màn hình chính”.',
  nativeApp: 'Tải ứng dụng gốc',
  notifications: 'Thông báo',
  notificationsHint: 'Nạp tiền thành công và rút tiền đã chi trả',
  blocked: 'Bị chặn trong cài đặt trình duyệt',
};

export default vi;

import type { StartMaskMessages } from './pt_BR';

const vi: StartMaskMessages = {
  title: 'Điểm danh hằng ngày',
  text: 'Chạm để mở bảng điểm danh',
  signIn: {
    title: 'Bảng điểm danh',
    rules:
      'Nhận một phần thưởng mỗi ngày (giờ Brasília). Bỏ lỡ một ngày, chu kỳ 7 ngày bắt đầu lại. Phần thưởng là tiền thưởng: thành tiền mặt sau khi đạt yêu cầu cược.',
    streak: 'Chuỗi: {{count}}/7 ngày',
    day: 'Ngày {{day}}',
    done: 'Đã nhận',
    claim: 'Nhận ngày {{day}}',
    comeBack: 'Quay lại vào ngày mai',
    claimed: 'Đã nhận thưởng: {{amount}}',
    unavailable: 'Khuyến mãi không khả dụng cho tài khoản của bạn.',
    signInFirst: 'Đăng nhập để nhận',
    loadFailed: 'Không tải được bảng điểm danh.',
    retry: 'Thử lại',
  },
};

export default vi;

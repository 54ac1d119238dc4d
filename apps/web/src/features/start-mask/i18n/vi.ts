import type { StartMaskMessages } from './pt_BR';

const vi: StartMaskMessages = {
  title: 'Điểm danh hằng ngày',
  text: 'Chạm để mở bảng điểm danh',
  signIn: {
    title: 'Bảng điểm danh',
  },
};

export default vi;

import type { NoticeMessages } from './pt_BR';

const id: NoticeMessages = {
  label: 'Pengumuman',
  close: 'Tutup pengumuman',
};

export default id;

import type { SupportMessages } from './pt_BR';

const id: SupportMessages = {
  title: 'Layanan pelanggan',
  open: 'Buka layanan pelanggan',
  text: 'Obrolan langsung dengan tim kami akan segera tersedia.',
};

export default id;

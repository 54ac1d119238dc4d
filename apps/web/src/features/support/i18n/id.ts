import type { SupportMessages } from './pt_BR';

const id: SupportMessages = {
  title: 'Layanan pelanggan',
  open: 'Buka layanan pelanggan',
  openUnread: 'Buka layanan pelanggan ({{count}} baru)',
  hosted: 'Membuka obrolan…',
  visitorIntro: 'Masukkan e-mail Anda untuk mengobrol dengan tim kami.',
  email: 'E-mail',
  start: 'Mulai obrolan',
  empty: 'Halo! Ada yang bisa kami bantu?',
  typing: 'Agen sedang mengetik…',
  closed: 'Percakapan ditutup. Kirim pesan untuk membuka yang baru.',
  imageTooLarge: 'Gambar terlalu besar (maksimal 2 MB)',
  imageType: 'Hanya gambar PNG, JPEG, GIF, atau WebP yang dapat dikirim',
  attach: 'Lampirkan gambar',
  message: 'Pesan',
  placeholder: 'Tulis pesan Anda',
  send: 'Kirim',
  agent: 'Agen',
  image: 'Gambar',
  read: 'Dibaca',
  sent: 'Terkirim',
};

export default id;

import type { TransferMessages } from './pt_BR';

const id: TransferMessages = {
  title: 'Transfer',
  text: 'Kirim saldo ke pemain lain melalui e-mail penggunanya.',
  available: 'Saldo tersedia: {{amount}}',
  username: 'Pengguna penerima (e-mail)',
  usernamePrompt: 'Silakan masukkan nama pengguna tujuan',
  amount: 'Jumlah transfer',
  amountPrompt: 'Silakan masukkan jumlah transfer',
  amountInvalid: 'Jumlah tidak valid: gunakan paling banyak 2 desimal, seperti 10,50',
  next: 'Lanjut',
  confirmTitle: 'Konfirmasi transfer',
  to: 'Kepada',
  confirm: 'Transfer',
  back: 'Kembali',
  success: 'Transfer {{amount}} ke {{user}} berhasil',
  retry: 'Coba lagi',
  checkInput: 'Silakan periksa informasi yang dimasukkan',
  again: 'Transfer baru',
  loginFirst: 'Masuk untuk melihat saldo Anda',
  login: 'Masuk',
  offTitle: 'Transfer tidak tersedia',
  offText:
    'Aturan taruhan Brasil (UU 14.790/2023) tidak mengizinkan pengiriman saldo ke pemain lain. Saldo Anda dapat ditarik melalui PIX ke kunci atas CPF Anda sendiri.',
  offBack: 'Kembali ke akun',
};

export default id;

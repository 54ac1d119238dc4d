import type { StartMaskMessages } from './pt_BR';

const id: StartMaskMessages = {
  title: 'Absen harian',
  text: 'Ketuk untuk membuka lembar absen Anda',
  signIn: {
    title: 'Lembar absen',
    rules:
      'Klaim satu hadiah per hari (waktu Brasília). Jika terlewat sehari, siklus 7 hari dimulai lagi. Hadiahnya berupa bonus: menjadi uang tunai setelah taruhan yang disyaratkan.',
    streak: 'Beruntun: {{count}} dari 7 hari',
    day: 'Hari {{day}}',
    done: 'Diklaim',
    claim: 'Klaim hari {{day}}',
    comeBack: 'Kembali besok',
    claimed: 'Hadiah diklaim: {{amount}}',
    unavailable: 'Promosi tidak tersedia untuk akun Anda.',
    signInFirst: 'Masuk untuk klaim',
    loadFailed: 'Lembar absen tidak dapat dimuat.',
    retry: 'Coba lagi',
  },
};

export default id;

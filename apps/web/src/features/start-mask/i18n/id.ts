import type { StartMaskMessages } from './pt_BR';

const id: StartMaskMessages = {
  title: 'Absen harian',
  text: 'Ketuk untuk membuka lembar absen Anda',
  signIn: {
    title: 'Lembar absen',
  },
};

export default id;

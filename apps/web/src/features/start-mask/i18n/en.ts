import type { StartMaskMessages } from './pt_BR';

const en: StartMaskMessages = {
  title: 'Daily check-in',
  text: 'Tap to open your check-in sheet',
  signIn: {
    title: 'Check-in sheet',
  },
};

export default en;

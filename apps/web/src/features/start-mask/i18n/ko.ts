import type { StartMaskMessages } from './pt_BR';

const ko: StartMaskMessages = {
  title: '출석 체크',
  text: '탭하여 출석부를 여세요',
  signIn: {
    title: '출석부',
  },
};

export default ko;

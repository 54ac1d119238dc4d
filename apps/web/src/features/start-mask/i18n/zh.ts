import type { StartMaskMessages } from './pt_BR';

const zh: StartMaskMessages = {
  title: '每日签到',
  text: '点击打开签到表',
  signIn: {
    title: '签到表',
  },
};

export default zh;

import en from './en';
import type { AccountMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: AccountMessages = {
  ...en,
  kyc: {
    ...en.kyc,
    hint: 'Your name and ID number identify you for deposits and withdrawals.',
  },
};

export default ng;

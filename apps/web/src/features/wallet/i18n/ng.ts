import en from './en';
import type { WalletMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: WalletMessages = {
  ...en,
  withdraw: {
    ...en.withdraw,
    accountCpf: 'Account key (CPF)',
    accountCnpj: 'Account key (CNPJ)',
  },
};

export default ng;

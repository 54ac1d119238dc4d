import en from './en';
import type { WalletMessages } from './pt_BR';

/** Nigerian English: English wording; the limits in the withdrawal messages are in naira. */
const ng: WalletMessages = {
  ...en,
  withdraw: {
    ...en.withdraw,
    accountCpf: 'Account number (CPF)',
    accountCnpj: 'Account number (CNPJ)',
    minimum: 'Minimum withdrawal amount: ₦{{amount}}',
    maximum: 'Maximum withdrawal amount: ₦{{amount}}',
  },
};

export default ng;

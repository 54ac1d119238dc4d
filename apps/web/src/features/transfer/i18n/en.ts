import type { TransferMessages } from './pt_BR';

const en: TransferMessages = {
  title: 'Transfer',
  text: 'Send balance to another player by their user e-mail.',
  available: 'Available balance: {{amount}}',
  username: 'Receiving user (e-mail)',
  usernamePrompt: 'Please enter the transfer username',
  amount: 'Transfer amount',
  amountPrompt: 'Please enter the transfer amount',
  amountInvalid: 'Invalid amount: use at most 2 decimals, like 10.50',
  next: 'Continue',
  confirmTitle: 'Confirm transfer',
  to: 'To',
  confirm: 'Transfer',
  back: 'Back',
  success: 'Transfer of {{amount}} to {{user}} completed',
  retry: 'Try again',
  checkInput: 'Please check the input information',
  again: 'New transfer',
  loginFirst: 'Log in to see your balance',
  login: 'Log in',
  offTitle: 'Transfers are not available',
  offText:
    "Brazil's betting rules (Law 14,790/2023) do not allow sending balance to another player. Your balance can be withdrawn by PIX to a key in your own CPF.",
  offBack: 'Back to the account',
};

export default en;

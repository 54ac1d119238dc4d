import en from './en';
import type { TransferMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: TransferMessages = { ...en };

export default ng;

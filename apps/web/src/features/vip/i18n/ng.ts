import en from './en';
import type { VipMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: VipMessages = { ...en };

export default ng;

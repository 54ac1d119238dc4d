import en from './en';
import type { SupportMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: SupportMessages = { ...en };

export default ng;

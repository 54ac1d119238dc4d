import en from './en';
import type { AuthMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: AuthMessages = { ...en };

export default ng;

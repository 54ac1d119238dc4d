import en from './en';
import type { SportsMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: SportsMessages = { ...en };

export default ng;

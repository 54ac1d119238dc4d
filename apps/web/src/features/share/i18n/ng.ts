import en from './en';
import type { ShareMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: ShareMessages = { ...en };

export default ng;

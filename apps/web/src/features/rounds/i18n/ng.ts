import en from './en';
import type { RoundsMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: RoundsMessages = { ...en };

export default ng;

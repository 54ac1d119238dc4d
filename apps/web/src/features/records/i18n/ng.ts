import en from './en';
import type { RecordsMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: RecordsMessages = { ...en };

export default ng;

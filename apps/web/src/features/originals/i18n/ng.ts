import en from './en';
import type { OriginalsMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: OriginalsMessages = { ...en };

export default ng;

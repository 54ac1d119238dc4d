import en from './en';
import type { StartMaskMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: StartMaskMessages = { ...en };

export default ng;

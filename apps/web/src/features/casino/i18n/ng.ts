import en from './en';
import type { CasinoMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: CasinoMessages = { ...en };

export default ng;

import en from './en';
import type { StudioMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: StudioMessages = { ...en };

export default ng;

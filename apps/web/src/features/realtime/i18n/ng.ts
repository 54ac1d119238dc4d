import en from './en';
import type { RealtimeMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: RealtimeMessages = { ...en };

export default ng;

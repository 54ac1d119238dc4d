import en from './en';
import type { NoticeMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: NoticeMessages = { ...en };

export default ng;

import en from './en';
import type { MenuMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: MenuMessages = { ...en };

export default ng;

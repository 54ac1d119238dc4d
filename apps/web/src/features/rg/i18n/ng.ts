import en from './en';
import type { RgMessages } from './pt_BR';

/** Nigerian English: the English texts. */
const ng: RgMessages = { ...en };

export default ng;

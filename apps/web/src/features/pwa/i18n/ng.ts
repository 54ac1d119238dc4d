import en from './en';
import type { PwaMessages } from './pt_BR';

/** Nigerian English: the English texts. */
const ng: PwaMessages = { ...en };

export default ng;

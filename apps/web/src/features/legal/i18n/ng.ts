import en from './en';
import type { LegalMessages } from './pt_BR';

/** Nigerian English: English wording. */
const ng: LegalMessages = { ...en };

export default ng;

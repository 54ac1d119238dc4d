import en from './en';
import type { RewardsMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: RewardsMessages = { ...en };

export default ng;

import en from './en';
import type { SupportConsoleMessages } from './pt_BR';

/** Nigerian English: English wording. */
const ng: SupportConsoleMessages = { ...en };

export default ng;

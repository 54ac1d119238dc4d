import en from './en';
import type { HomeMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are formatted by the locale, not by the text. */
const ng: HomeMessages = {
  ...en,
  heroText: 'Sports betting, original games and slots, all in one place.',
};

export default ng;

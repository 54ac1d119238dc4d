import en from './en';
import type { UiMessages } from './pt_BR';

/** Nigerian English: English wording; amounts are shown in naira (₦) by the formatter, not by the text. */
const ng: UiMessages = {
  ...en,
  common: {
    ...en.common,
  },
};

export default ng;

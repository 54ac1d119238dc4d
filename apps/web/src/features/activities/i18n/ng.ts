import type { ActivitiesMessages } from './pt_BR';
import en from './en';

/** Nigerian English shares the English texts. */
const ng: ActivitiesMessages = en;

export default ng;

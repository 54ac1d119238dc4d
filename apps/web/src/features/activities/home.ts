// Home's activities and the active-award overlay, apart from the activity page: a signed-in home loads these
// without the contracts' schemas (zod), which the page's calls parse with.
import './i18n/pt_BR';

export { ActivityStrip } from './components/ActivityStrip';
export { ActiveAwardOverlay } from './components/ActiveAwardOverlay';

// The reality check, on every page of a signed-in player, apart from the responsible-gaming page: the page's
// calls parse with the contracts (zod), which the app's shell must not load.
import './i18n/pt_BR';

export { RealityCheck } from './components/RealityCheck';

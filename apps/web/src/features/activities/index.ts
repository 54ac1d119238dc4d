// The feature's Portuguese dictionary comes with its code (lib/i18n fetches it on first use otherwise).
import './i18n/pt_BR';

export { ActivityPage } from './components/ActivityPage';
// Home's strip and active-award overlay are `./home` (loaded without the page's schemas).

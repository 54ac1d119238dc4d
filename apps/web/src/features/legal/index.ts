// The feature's Portuguese dictionary comes with its code (lib/i18n fetches it on first use otherwise).
import './i18n/pt_BR';

export { TermsPage } from './components/TermsPage';

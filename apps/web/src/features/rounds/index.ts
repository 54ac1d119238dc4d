// The feature's Portuguese dictionary comes with its code (lib/i18n fetches it on first use otherwise).
import './i18n/pt_BR';
import './rounds.css';

export { DoublePage } from './components/DoublePage';
export { CrashPage } from './components/CrashPage';
export { LuckyColorPage } from './components/LuckyColorPage';

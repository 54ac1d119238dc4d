// The feature's Portuguese dictionary comes with its code (lib/i18n fetches it on first use otherwise).
import './i18n/pt_BR';

export { WalletOverlay } from './components/WalletOverlay';
export { ContaPage } from './components/ContaPage';
export { PaySuccessPage } from './components/PaySuccessPage';
// The gift check is `./gift` (home loads it without the rest).

export { WalletOverlay } from './components/WalletOverlay';
export { ContaPage } from './components/ContaPage';
export { PaySuccessPage } from './components/PaySuccessPage';
export { GiftCheck } from './components/GiftCheck';

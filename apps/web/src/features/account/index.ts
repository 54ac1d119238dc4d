// The feature's Portuguese dictionary comes with its code (lib/i18n fetches it on first use otherwise).
import './i18n/pt_BR';

export { AccountPanel } from './components/AccountPanel';
export { AvatarPicker } from './components/AvatarPicker';
export { ChangePasswordOverlay } from './components/ChangePasswordOverlay';
export { KycOverlay } from './components/KycOverlay';
export { TestAccountPopup } from './components/TestAccountPopup';

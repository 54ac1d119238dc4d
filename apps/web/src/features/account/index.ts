export { AccountPanel } from './components/AccountPanel';
export { AvatarPicker } from './components/AvatarPicker';
export { ChangePasswordOverlay } from './components/ChangePasswordOverlay';
export { KycOverlay } from './components/KycOverlay';
export { TestAccountPopup } from './components/TestAccountPopup';

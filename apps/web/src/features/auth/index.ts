export { redeemLoginLink } from './api/auth';
export { AuthOverlay } from './components/AuthOverlay';
export { ForgotPasswordOverlay } from './components/ForgotPasswordOverlay';

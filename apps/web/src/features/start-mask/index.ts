export { SignInSheet } from './components/SignInSheet';
export { StartMask } from './components/StartMask';

export { InstallSheet } from './components/InstallSheet';
export { PushToggle } from './components/PushToggle';

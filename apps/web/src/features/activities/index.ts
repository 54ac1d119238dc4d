export { ActivityPage } from './components/ActivityPage';
export { ActivityStrip } from './components/ActivityStrip';
export { ActiveAwardOverlay } from './components/ActiveAwardOverlay';

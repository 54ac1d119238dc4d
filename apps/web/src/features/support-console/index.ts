export { SupportConsolePage } from './components/SupportConsolePage';

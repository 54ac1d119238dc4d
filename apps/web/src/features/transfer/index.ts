export { TransferPage } from './components/TransferPage';

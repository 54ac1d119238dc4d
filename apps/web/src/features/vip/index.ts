export { VipPage } from './components/VipPage';

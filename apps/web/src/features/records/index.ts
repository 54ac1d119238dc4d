export { RecordsPage } from './components/RecordsPage';

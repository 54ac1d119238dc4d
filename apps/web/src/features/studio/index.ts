import './studio.css';

export { StudioPage } from './components/StudioPage';

export { NoticeBanner } from './components/NoticeBanner';

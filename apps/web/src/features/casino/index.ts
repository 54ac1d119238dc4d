export { CasinoPage } from './components/CasinoPage';
export { PlayPage } from './components/PlayPage';
export { GameMessPage } from './components/GameMessPage';

export { SportsPage } from './components/SportsPage';
export { EventPage } from './components/EventPage';
export { MyBetsPage } from './components/MyBetsPage';

export { AgentPage, LadderBonusPage } from './components/AgentPage';
export { GameBonusPage } from './components/GameBonusPage';
export { BonusPanel } from './components/BonusPanel';

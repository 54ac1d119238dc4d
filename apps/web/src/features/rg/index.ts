export { ResponsibleGamingPage } from './components/ResponsibleGamingPage';
export { RealityCheck } from './components/RealityCheck';

import './rounds.css';

export { DoublePage } from './components/DoublePage';
export { CrashPage } from './components/CrashPage';
export { LuckyColorPage } from './components/LuckyColorPage';

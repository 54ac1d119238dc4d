// The feature's Portuguese dictionary comes with its code (lib/i18n fetches it on first use otherwise).
import './i18n/pt_BR';
import './originals.css';

export { DicePage } from './components/dice/DicePage';
export { LimboPage } from './components/limbo/LimboPage';
export { MinesPage } from './components/mines/MinesPage';
export { PlinkoPage } from './components/plinko/PlinkoPage';
export { RowDoublePage } from './components/row-double/RowDoublePage';
export { FairnessPage } from './components/verifier/FairnessPage';

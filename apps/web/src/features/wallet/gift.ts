// The gift check on a signed-in player's home, apart from the rest of the wallet: the deposit and withdrawal
// screens parse their answers with the contracts (zod), which home must not load.
import './i18n/pt_BR';

export { GiftCheck } from './components/GiftCheck';

// The sheet asking a signed-in player to accept new terms, apart from the terms' page (their whole text): the
// app's shell loads it only for a player who accepted an older version.
import './i18n/pt_BR';

export { TermsUpdate } from './components/TermsUpdate';

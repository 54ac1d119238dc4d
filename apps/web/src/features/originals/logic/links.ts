import type { OriginalBet } from '@aposta/contracts';
import { verifyHref } from '../../../lib/verify-link';

/** A bet's verify link, once its server seed has been revealed. */
export function betVerifyHref(bet: OriginalBet): string | null {
  return bet.serverSeed ? verifyHref({ ...bet, serverSeed: bet.serverSeed }, bet.params) : null;
}

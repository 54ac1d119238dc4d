import { useAppState } from '../../lib/app-state';
import { displayMoney, UNKNOWN_BALANCE } from '../../lib/format';
import { knownBalance, useSession } from '../../lib/session';

/**
 * The player's cash balance as the server last answered it. Until it has (a page loaded with only the copy a
 * past visit stored, or with no user info yet) it says "R$ —", never a stored or made-up figure the player could
 * take for the money there (the header's rule, `knownBalance`).
 */
export function BalanceFigure({ className, testId }: { className: string; testId: string }) {
  const balance = useSession(knownBalance);
  const lang = useAppState((s) => s.lang);
  return (
    <p className={className} data-testid={testId} aria-busy={balance === null}>
      {balance === null ? UNKNOWN_BALANCE : displayMoney(balance, lang)}
    </p>
  );
}

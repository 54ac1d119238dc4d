import { INS_BALANCE_BELOW } from '@aposta/contracts';
import { useSession } from './session';
import { openOverlay, useUi } from './ui';

/**
 * The low-balance prompt (spec section 4: a balance under INS_BALANCE_BELOW opens the game deposit), told once
 * per dip: the server says insBalance after every stake while the balance stays low, and the overlay stops an
 * auto bet and is in a manual player's way after every bet. It is told again once the balance has been back at
 * or above the threshold, or after a sign-in.
 */
let told = false;
/**
 * A game holds the player's money in an open round (mines): no prompt, the round may still pay. The page keeps it
 * set when the player leaves it with the round open (the round stays open on the server).
 */
let inPlay = false;

useSession.subscribe((s, prev) => {
  // Another sign-in: its own prompt, and its open round (if any) is told by the mines page when it asks.
  if (s.token !== prev.token) {
    told = false;
    inPlay = false;
  } else if (s.user && s.user.balance >= INS_BALANCE_BELOW) told = false;
});

/** A game round with the player's money in it is open (true) or over (false). */
export function setMoneyInPlay(open: boolean) {
  inPlay = open;
}

/** A balance (major units) the server or a game's window said: opens the game deposit when it has just gone low. */
export function promptLowBalance(balance: number) {
  if (balance >= INS_BALANCE_BELOW) {
    told = false;
    return;
  }
  if (told || inPlay) return;
  told = true;
  if (useUi.getState().overlay !== 'gameDeposit') openOverlay('gameDeposit');
}

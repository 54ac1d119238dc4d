import { useEffect, useState, type RefObject } from 'react';
import { gameEventOf, isGameBalance, noticeOf } from '../../../lib/game-frame';
import { promptLowBalance } from '../../../lib/low-balance';
import { openOverlay, useUi } from '../../../lib/ui';
import { applyPlayableBalance } from '../../../lib/user-info';

/**
 * While /play shows a game (spec section 2), the app listens for cross-window messages, same origin only:
 * - a notice (NOTICE_MARKER prefix) from another window of the app shows in the banner and is relayed on to the
 *   game window (the realtime connection relays its own notices to every frame itself);
 * - the game window's balance after a spin (cash and bonus together) shows at once in the app, and a real
 *   balance under INS_BALANCE_BELOW opens the game deposit once per dip, as the realtime insBalance event does
 *   (spec section 4, lib/low-balance); from the stake's message (`staked`) until the round's own, that figure is
 *   the one to show: the server's push of the settled balance comes before the reels stop, and would tell the
 *   result first;
 * - a real-money bet the game saw refused for the balance opens the game deposit; a message that ends play
 *   goes to /gameMess.
 */
export function useGameFrame(
  frame: RefObject<HTMLIFrameElement | null>,
  onGameMessage: (text: string) => void,
): number | null {
  /** The balance the game shows while its round plays (major units), null between rounds. */
  const [inRound, setInRound] = useState<number | null>(null);
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const game = frame.current?.contentWindow ?? null;
      const fromGame = game !== null && event.source === game;
      const notice = noticeOf(event.data);
      if (notice !== null) {
        if (fromGame) return;
        useUi.setState({ notice });
        game?.postMessage(event.data, window.location.origin);
        return;
      }
      const gameEvent = fromGame ? gameEventOf(event.data) : null;
      if (gameEvent?.type === 'insufficient') {
        openOverlay('gameDeposit');
        return;
      }
      if (gameEvent?.type === 'message') {
        onGameMessage(gameEvent.text);
        return;
      }
      if (fromGame && isGameBalance(event.data) && !event.data.demo) {
        applyPlayableBalance(event.data.balance, !event.data.staked);
        setInRound(event.data.staked ? event.data.balance : null);
        if (!event.data.staked) promptLowBalance(event.data.balance);
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, onGameMessage]);
  return inRound;
}

import type { HtmlRules } from './html';

/**
 * The realtime connection's limits and the thresholds the app acts on (contracts realtime.ts describes the
 * events). Kept apart from realtime.ts, whose event schemas need zod and most other contract modules: the
 * app's shell reads these on every page of a signed-in player, and must not load the schemas for them.
 */

/** Largest client frame the server reads; a bigger one closes that connection. */
export const REALTIME_MAX_FRAME_BYTES = 4 * 1024;
export const NOTICE_MAX_LENGTH = 2000;
/** `insBalance` is sent after a stake that leaves the cash balance under this (major units). */
export const INS_BALANCE_BELOW = 10;
/** The client opens the deposit overlay when a `freeBalance` value is under this (major units). */
export const FREE_BALANCE_DEPOSIT_BELOW = 0.51;

/**
 * What a notice's HTML keeps (the app's banner sanitises with the same list): inline formatting and links to
 * http(s) URLs or same-origin paths (`//host` is another host). The server stores the sanitised text.
 */
export const NOTICE_HTML: HtmlRules = {
  tags: ['b', 'strong', 'i', 'em', 'u', 'br', 'span', 'a', 'p', 'small', 'mark'],
  attributes: { a: ['href', 'target', 'rel'] },
  link: /^(?:https?:\/\/|\/(?![/\\]))/i,
};

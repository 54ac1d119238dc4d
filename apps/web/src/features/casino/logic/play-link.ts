/** The address of the in-game screen for a game (`demo` for play money). */
export function playLink(gameCode: string, demo = false): string {
  const q = new URLSearchParams({ game: gameCode });
  if (demo) q.set('demo', '1');
  return `/play?${q.toString()}`;
}

/** The RTP as the player's language writes a percentage (96.5 → "96,50%"). */
export function rtpLabel(rtp: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rtp)}%`;
}

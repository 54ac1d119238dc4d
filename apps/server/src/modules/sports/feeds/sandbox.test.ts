import { describe, expect, it } from 'vitest';
import { createSandboxFeed } from './sandbox';

describe('sandbox feed: points sports', () => {
  it('a match level after regulation is decided in overtime by either side, as the prices assume', () => {
    const feed = createSandboxFeed({ speed: 1, postponed: 0, cancelled: 0 });
    const later = new Date(Date.UTC(2030, 0, 1));
    const overtime = { home: 0, away: 0 };
    for (let slot = 0; slot < 3000; slot++) {
      const result = feed.stateAt({ externalId: `basketball:${slot}`, startsAt: new Date(0) }, later).result!;
      const regulation = (side: 'home' | 'away') => result.quarters!.reduce((a, q) => a + q[side], 0);
      expect(result.home, `slot ${slot}`).not.toBe(result.away);
      if (regulation('home') !== regulation('away')) continue;
      overtime[result.home > result.away ? 'home' : 'away']++;
    }
    // pricing/model.ts afterOvertime: each side wins overtime about as often as it wins in regulation.
    expect(overtime.home + overtime.away).toBeGreaterThan(20);
    expect(overtime.home).toBeGreaterThan(0);
    expect(overtime.away).toBeGreaterThan(0);
  });
});

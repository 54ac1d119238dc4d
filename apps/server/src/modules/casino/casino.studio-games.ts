import type { CasinoGameRequest } from '@aposta/contracts';
import { STUDIO_SLOT_FIGURES } from '@aposta/fairness';

/**
 * Our studio's games as catalogue rows (registered at boot in sandbox mode). The launch URL is a page of the
 * web app (`/studio/{gameCode}`), which talks to the studio's game server; the RTP is the one proven by
 * enumeration in the studio's maths.
 */
export const STUDIO_CATALOGUE: CasinoGameRequest[] = [
  {
    gameCode: 'fortune-ox',
    name: 'Fortune Ox',
    category: 'slots',
    rtp: Math.round(STUDIO_SLOT_FIGURES['fortune-ox']!.rtp * 100) / 100,
    thumbnail: '/studio/fortune-ox.svg',
    launchUrl: '/studio/fortune-ox',
  },
  {
    gameCode: 'carnival-lines',
    name: 'Carnival Lines',
    category: 'slots',
    rtp: Math.round(STUDIO_SLOT_FIGURES['carnival-lines']!.rtp * 100) / 100,
    thumbnail: '/studio/carnival-lines.svg',
    launchUrl: '/studio/carnival-lines',
  },
  {
    gameCode: 'candy-cascade',
    name: 'Candy Cascade',
    category: 'slots',
    rtp: Math.round(STUDIO_SLOT_FIGURES['candy-cascade']!.rtp * 100) / 100,
    thumbnail: '/studio/candy-cascade.svg',
    launchUrl: '/studio/candy-cascade',
  },
];

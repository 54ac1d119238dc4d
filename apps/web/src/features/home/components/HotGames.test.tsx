import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { SessionKey } from '../../../lib/storage';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import HotGames from './HotGames';

const game = (gameCode: string, name: string) => ({
  gameCode,
  name,
  provider: 'aposta',
  providerName: 'Aposta Studios',
  category: 'slots',
  rtp: 96,
  thumbnail: `/sandbox/art/${gameCode}.svg`,
  enabled: true,
  hot: true,
  sort: 1,
  demo: true,
});
const tiles = () => screen.queryAllByRole('link').map((a) => a.getAttribute('href'));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  queryClient.clear();
});

describe("home's hot games", () => {
  it('paints the kept list at once, then shows and keeps what the server answers', async () => {
    sessionStorage.setItem(SessionKey.HOT_GAME_LIST, JSON.stringify([game('fortune-ox', 'Fortune Ox')]));
    let answer: (v: unknown) => void = () => {};
    const later = new Promise((r) => (answer = r));
    const server = fakeFetch(() => ({ body: envelope([game('candy-cascade', 'Candy Cascade')]) }));
    vi.stubGlobal('fetch', (...args: Parameters<typeof server.fn>) => later.then(() => server.fn(...args)));

    renderWithApp(<HotGames />, '/home');
    expect(screen.getByText('Fortune Ox')).toBeVisible();
    answer(null);
    await waitFor(() => expect(tiles()).toContain('/play?game=candy-cascade'));
    expect(screen.queryByText('Fortune Ox')).toBeNull();
    expect(server.calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual(['/api/app/casino/hot']);
    expect(JSON.parse(sessionStorage.getItem(SessionKey.HOT_GAME_LIST)!)[0].gameCode).toBe('candy-cascade');
  });

  it('does not paint a kept list in another shape (an older deploy’s), and waits for the server', async () => {
    sessionStorage.setItem(
      SessionKey.HOT_GAME_LIST,
      JSON.stringify([{ ...game('fortune-ox', 'Fortune Ox'), name: { pt: 'Fortune Ox' } }]),
    );
    const server = fakeFetch(() => ({ body: envelope([game('candy-cascade', 'Candy Cascade')]) }));
    vi.stubGlobal('fetch', server.fn);

    renderWithApp(<HotGames />, '/home');
    expect(tiles()).toEqual([]);
    await waitFor(() => expect(tiles()).toEqual(['/casino', '/play?game=candy-cascade']));
  });

  it('shows nothing, and keeps nothing, when the answer is not a list of games', async () => {
    const server = fakeFetch(() => ({ body: envelope({ list: [game('fortune-ox', 'Fortune Ox')] }) }));
    vi.stubGlobal('fetch', server.fn);

    renderWithApp(<HotGames />, '/home');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryState(['homeHotGames'])?.status).toBe('error'));
    expect(tiles()).toEqual([]);
    expect(sessionStorage.getItem(SessionKey.HOT_GAME_LIST)).toBeNull();
  });
});

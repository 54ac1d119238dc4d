import { ErrorCode, type CasinoGame, type CasinoRound, type InPlay } from '@aposta/contracts';
import { envelope } from '../../../test/render';

const game = (over: Partial<CasinoGame> & Pick<CasinoGame, 'gameCode' | 'name'>): CasinoGame => ({
  provider: 'aposta',
  providerName: 'Aposta Studios',
  category: 'slots',
  rtp: 96,
  thumbnail: `/studio/${over.gameCode}.svg`,
  enabled: true,
  hot: false,
  sort: 0,
  demo: true,
  ...over,
});

/**
 * A stand-in for the casino's player API in component tests (the server module is tested on its own): the
 * lobby filters its catalogue as the server does (category, name or provider text, provider code), launch
 * answers a studio URL, inPlay answers what the test sets; every request is recorded.
 */
export function fakeCasino(options: { balance?: number } = {}) {
  const state = {
    games: [
      game({ gameCode: 'fortune-ox', name: 'Fortune Ox', hot: true }),
      game({ gameCode: 'carnival-lines', name: 'Carnival Lines' }),
      game({ gameCode: 'candy-cascade', name: 'Candy Cascade', hot: true }),
      game({
        gameCode: 'roleta-brasil',
        name: 'Roleta Brasil',
        provider: 'mesa',
        providerName: 'Mesa Viva',
        category: 'table',
        thumbnail: 'https://cdn.example.com/roleta.png',
        demo: false,
      }),
      game({
        gameCode: 'aviator-x',
        name: 'Aviator X',
        provider: 'mesa',
        providerName: 'Mesa Viva',
        category: 'crash',
      }),
    ],
    inPlay: null as InPlay | null,
    rounds: [] as CasinoRound[],
    /** The rounds' recall fails (a 503) while set. */
    failRounds: false,
    balance: options.balance ?? 100,
    freeBalance: 0,
    launches: 0,
    calls: [] as { method: string; path: string; query: URLSearchParams; body: unknown }[],
  };

  function answer(method: string, path: string, query: URLSearchParams, body: unknown) {
    if (path === '/api/app/casino/games') {
      const q = (query.get('q') ?? '').toLowerCase();
      const enabled = state.games.filter((g) => g.enabled);
      const games = enabled.filter(
        (g) =>
          (!query.get('category') || g.category === query.get('category')) &&
          (!query.get('provider') || g.provider === query.get('provider')) &&
          (!q || g.name.toLowerCase().includes(q) || g.providerName.toLowerCase().includes(q)),
      );
      const categories = [...new Set(enabled.map((g) => g.category))].map((category) => ({
        category,
        count: enabled.filter((g) => g.category === category).length,
      }));
      const providers = [...new Map(enabled.map((g) => [g.provider, g.providerName]))].map(
        ([code, name]) => ({
          code,
          name,
        }),
      );
      return envelope({ games, categories, providers });
    }
    if (path === '/api/app/casino/hot') return envelope(state.games.filter((g) => g.hot));
    if (path === '/api/app/casino/launch') {
      const { gameCode, demo } = body as { gameCode: string; demo?: boolean };
      if (!state.games.some((g) => g.gameCode === gameCode))
        return envelope(null, ErrorCode.NOT_FOUND, 'Este jogo não existe ou não está disponível');
      state.launches++;
      const url = demo ? `/studio/${gameCode}?demo=1` : `/studio/${gameCode}?token=launch-${state.launches}`;
      return envelope({ url, gameCode, demo: Boolean(demo) });
    }
    if (path === '/api/app/game/inPlay') return envelope(state.inPlay);
    if (path === '/api/app/game/stopGame') return envelope(null);
    if (path === '/api/app/casino/rounds') {
      if (state.failRounds) return envelope(null, 503, 'unavailable');
      // Newest first, a page at a time, the next one after the given round (as the server pages).
      const before = query.get('before');
      const from = before ? state.rounds.findIndex((r) => r.roundId === before) + 1 : 0;
      return envelope(state.rounds.slice(from, from + Number(query.get('limit') ?? 20)));
    }
    if (path === '/api/app/user/getBalance')
      return envelope({ balance: state.balance, freeBalance: state.freeBalance });
    if (path === '/api/app/user/userInfo')
      return envelope({
        uId: 1,
        username: 'a@b.co',
        header: 0,
        yqm: 'AB12CD',
        balance: state.balance,
        freeBalance: state.freeBalance,
        kyc: 1,
      });
    return envelope(null, 404, 'not found');
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    state.calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const reply = answer(method, url.pathname, url.searchParams, body);
    return new Response(JSON.stringify(reply), {
      status: reply.status === 0 ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { state, fetch };
}

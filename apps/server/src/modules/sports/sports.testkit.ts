import crypto from 'node:crypto';
import {
  cashoutQuote,
  placeBetAnswer,
  recordsAnswer,
  sportsBet,
  sportsEventDetail,
  SPORTS_OPERATOR_PATH,
  SPORTS_PATH,
  type SportsBet,
  type SportsEventDetail,
  type SportsMarket,
  WALLET_RECORDS_PATH,
} from '@aposta/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  freePort,
  TEST_OPERATOR_KEY,
  testPlayers,
} from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import { PREMATCH, type LiveState } from './pricing';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type TestPlayers = ReturnType<typeof testPlayers>;

/** A match in play at `minute` of 90 with this score, the rest as before kick-off (for `app.sports.update`). */
export const inPlay = (minute: number, home: number, away: number): LiveState => ({
  ...PREMATCH,
  minute,
  progress: minute / 90,
  score: { home, away },
});

/**
 * The sportsbook API tests' app, one per file: created in `beforeAll` with the settlement jobs polled every
 * 0.5 s and no in-play acceptance delay (`env` adds settings; `listen` serves it on a free port, for sockets),
 * handed to `ready` as `{ t, c }` (the app, and its players), and closed in `afterAll` once the ledger's audit
 * is clean. Returns the kit's calls on it.
 */
export function sportsTestApp(
  ready: (app: { t: TestApp; c: TestPlayers }) => void,
  { env = {}, listen = false }: { env?: Record<string, string>; listen?: boolean } = {},
) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0.5', ...env });
    const c = testPlayers(t.app, t.database);
    await t.app.settings.change({ 'sports.acceptanceDelayMs': 0 });
    if (listen) await t.app.listen({ port: await freePort(), host: '127.0.0.1' });
    ready({ t, c });
  });
  afterAll(() => expectCleanLedgerThenClose(t!.database, t!.close));
  return sportsKit(() => t!);
}

/**
 * The calls the sportsbook's API tests make on the real app: the envelope's data, operator and player requests,
 * events created by the operator, a player's cash, a bet once settled. `app()` gives the test's app, created
 * in its `beforeAll` (by `sportsTestApp`, or the file's own).
 */
export function sportsKit(app: () => TestApp) {
  const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  // The tests' events start an hour ahead (pre-match bets) and are resulted at once: their results are early
  // (`early: false` in a payload tests the refusal).
  const operator = (path: string, payload?: object, method: 'POST' | 'PUT' | 'GET' = 'POST') =>
    app().app.inject({
      method,
      url: `${SPORTS_OPERATOR_PATH}/${path}`,
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
      ...(payload ? { payload: path.endsWith('/result') ? { early: true, ...payload } : payload } : {}),
    });
  const get = (path: string, token?: string) =>
    app().app.inject({
      url: `${SPORTS_PATH}/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  /** A bet; `key` repeats an attempt (a fresh key by default), `lang` the player's language. */
  const bet = (token: string, payload: object, { key, lang }: { key?: string; lang?: string } = {}) =>
    app().app.inject({
      method: 'POST',
      url: `${SPORTS_PATH}/bets`,
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': key ?? crypto.randomUUID(),
        ...(lang ? { lang } : {}),
      },
      payload,
    });
  /** A bet's cash-out value now; a cash-out of it (`key` repeats an attempt, a fresh key by default). */
  const quote = async (token: string, betId: string) =>
    cashoutQuote.parse(data(await get(`bets/${betId}/cashout`, token)));
  const cashOut = (token: string, betId: string, payload: object, key: string = crypto.randomUUID()) =>
    app().app.inject({
      method: 'POST',
      url: `${SPORTS_PATH}/bets/${betId}/cashout`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload,
    });
  const detail = async (id: string) => sportsEventDetail.parse(data(await get(`events/${id}`)));
  function market(d: SportsEventDetail, type: string, period: number, line: number | null): SportsMarket {
    const m = d.markets.find((x) => x.type === type && x.period === period && x.line === line);
    if (!m) throw new Error(`no market ${type} ${period} ${line}`);
    return m;
  }
  const sel = (m: SportsMarket, name: string) => m.selections.find((s) => s.name === name)!;
  /** The event's full-time 1X2 market. */
  const main = (d: SportsEventDetail) => d.markets.find((m) => m.type === '1x2' && m.period === 1)!;
  /**
   * A single on `selection` at the price shown, `stake` in reais (`more`: the rest of the slip, e.g. acceptOdds),
   * placed: its answer.
   */
  async function single(
    token: string,
    selection: { selectionId: string; price: number },
    stake: number,
    more: object = {},
  ) {
    const { selectionId, price } = selection;
    return placeBetAnswer.parse(
      data(await bet(token, { stake, ...more, selections: [{ selectionId, price }] })),
    );
  }
  async function createEvent(home: string, away: string, strength = 0.4, sport = 'football') {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    return sportsEventDetail.parse(
      data(await operator('events', { sport, competition: 'Série A', home, away, startsAt, strength })),
    );
  }
  async function cash(userId: number) {
    const acc = await playerAccounts(app().database.db, userId);
    return acc.find((a) => a.kind === 'cash')?.available ?? 0;
  }
  /** Waits for the settlement job: the player's bet once `until` holds (settled, by default), within 30 s. */
  async function settledBet(token: string, betId: string, until = (b: SportsBet) => b.status === 'settled') {
    const end = Date.now() + 30_000;
    for (;;) {
      const b = sportsBet.parse(data(await get(`bets/${betId}`, token)));
      if (until(b)) return b;
      if (Date.now() > end) throw new Error(`bet ${betId} not settled: ${JSON.stringify(b)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  /** The player's records (`/registros`, up to 100 lines) and their sum in centavos, to hold against `cash`. */
  async function records(token: string) {
    const { list } = recordsAnswer.parse(
      data(
        await app().app.inject({
          url: `${WALLET_RECORDS_PATH}?limit=100`,
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    return { list, total: list.reduce((n, r) => n + Math.round(r.amount * 100), 0) };
  }
  return {
    data,
    operator,
    get,
    bet,
    quote,
    cashOut,
    detail,
    market,
    sel,
    main,
    single,
    createEvent,
    cash,
    settledBet,
    records,
  };
}

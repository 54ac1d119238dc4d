import crypto from 'node:crypto';
import {
  expect,
  request as http,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import pg from 'pg';
import { createPostgresDatabase } from '../../server/test/postgres';
import { startServer, type ServerProcess } from '../../server/test/server-process';
import {
  depositViaApi,
  headerCents,
  login,
  newEmail,
  operatorKey,
  registerViaApi,
  screenshot,
} from './helpers';

/**
 * Issue 13's "done when", in the browser: two players on phones, one on each of two server processes (one
 * fresh PostgreSQL database, one Redis), see the same double round and the same crash curve and are paid by
 * the ledger's rules; the page's verifier recomputes every round of the history from the chain and the salt,
 * each hash linking to the next; the process driving the round clock is killed (SIGKILL) while a round holds
 * both players' bets, the other takes the clock over, the round is drawn and paid, no round goes missing, and
 * the ledger audit is clean. The nodes are started here, on free ports, serving this run's build
 * (playwright.config.ts's metadata); shared rounds run at half their production length.
 */
interface Setup {
  webDist: string;
  databaseUrl: string;
  redisUrl: string;
}

const phone = {
  viewport: { width: 393, height: 852 },
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};
const PASSWORD = 'Senha-forte-1';
/** Rounds run at half their production length: 10 s of double bets, 5 s of crash bets. */
const TIME_SCALE = 0.5;
/** Long enough for a round on a loaded machine (double: 15 s at this scale; crash: its rise on top). */
const ROUND_WAIT = 90_000;

let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let db: pg.Client | undefined;
const nodes: ServerProcess[] = [];
const apis: APIRequestContext[] = [];
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const setup = test.info().config.metadata as Setup;
  database = await createPostgresDatabase(setup.databaseUrl);
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: setup.redisUrl,
    REDIS_PREFIX: `e2e${crypto.randomBytes(4).toString('hex')}:`,
    WEB_DIST: setup.webDist,
    ROUNDS_TIME_SCALE: String(TIME_SCALE),
    // Not this test's subject, and two sandbox feeds would cost this small machine's cores.
    SPORTS_FEED: 'off',
  };
  // One after the other: the first applies the migrations to the new database.
  nodes.push(await startServer(env));
  nodes.push(await startServer(env));
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});

test.afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await Promise.all(apis.map((c) => c.dispose()));
  await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
  await db?.end();
  await database?.drop();
});

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** games.md: round value = HMAC-SHA256(key = the round hash as text, message = the salt as text), hex. */
const roundValue = (hash: string, salt: string) =>
  crypto.createHmac('sha256', hash).update(salt).digest('hex');
/** games.md: the first 8 hex characters mod 15; 0 white, 1–7 red, 8–14 black. */
const doubleTile = (value: string) => parseInt(value.slice(0, 8), 16) % 15;
const tileColor = (tile: number) => (tile === 0 ? 'Branco' : tile <= 7 ? 'Vermelho' : 'Preto');
/** What R$ 1 on `color` pays on `tile`, in the guide's rule: white 14×, red and black 2×. */
const doubleTimes = (color: string, tile: number) =>
  tileColor(tile) !== color ? 0 : color === 'Branco' ? 14 : 2;
/** games.md: X = first 52 bits / 2⁵², crash = max(1, floor(99 / (1 − X)) / 100); here in hundredths. */
const crashPoint = (value: string) =>
  Math.max(100, Math.floor(99 / (1 - parseInt(value.slice(0, 13), 16) / 2 ** 52)));
/** "R$ 3,07" → 307 */
const cents = (text: string) => Number(text.replace(/[^\d]/g, ''));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Player {
  email: string;
  context: BrowserContext;
  page: Page;
}

/** Signs in from home on this node's app, closing the app's own popups whenever they cover the page. */
async function signIn(browser: Browser, node: ServerProcess, email: string): Promise<Player> {
  const context = await browser.newContext({ ...phone, baseURL: node.base });
  contexts.push(context);
  const page = await context.newPage();
  for (const name of ['Presença diária', 'Presente de depósito']) {
    const popup = page.getByRole('dialog', { name });
    await page.addLocatorHandler(popup, () => popup.getByRole('button', { name: 'Fechar' }).click());
  }
  await page.goto('/home');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await login(page, email, PASSWORD);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  return { email, context, page };
}

/** A new player on `node`: registered and funded through the sandbox PIX deposit there, then signed in. */
async function newPlayer(browser: Browser, node: ServerProcess, prefix: string): Promise<Player> {
  const api = await http.newContext({ baseURL: node.base });
  apis.push(api);
  const email = newEmail(prefix);
  const token = await registerViaApi(api, email, PASSWORD);
  await depositViaApi(api, token);
  const player = await signIn(browser, node, email);
  await expect.poll(() => headerCents(player.page), { timeout: 30_000 }).toBeGreaterThan(0);
  return player;
}

const phaseOf = (page: Page) => page.getByTestId('round-phase');
/** "Rodada 123" → "123", from the phase bar. */
async function roundIdOf(page: Page): Promise<string> {
  const text = (await phaseOf(page).locator('span').nth(1).textContent()) ?? '';
  const id = /^Rodada (\d+)$/.exec(text)?.[1];
  expect(id, `the phase bar names the round: "${text}"`).toBeDefined();
  return id!;
}
/** The player's own bet on a round, in "Minhas apostas". */
const myBet = (page: Page, roundId: string) =>
  page.getByTestId('my-round-bet').filter({ has: page.getByText(`Rodada ${roundId}`, { exact: true }) });

/**
 * Waits until both phones show a round that has just opened (the live one closes, the next opens: a whole
 * betting window ahead) and answers its id, the same on both, as are their countdowns.
 */
async function freshRound(pages: Page[]): Promise<string> {
  await Promise.all(
    pages.map((p) =>
      expect(phaseOf(p)).not.toHaveAttribute('data-phase', 'betting', { timeout: ROUND_WAIT }),
    ),
  );
  await Promise.all(
    pages.map((p) => expect(phaseOf(p)).toHaveAttribute('data-phase', 'betting', { timeout: ROUND_WAIT })),
  );
  const id = await roundIdOf(pages[0]!);
  for (const p of pages) await expect(phaseOf(p).locator('span').nth(1)).toHaveText(`Rodada ${id}`);
  // The same countdown: each phone's close (the moment it was read in the page + the seconds it shows) within
  // the rounding to whole seconds and the difference of the two pushes' trips (each phone counts with the
  // server's time as its push brought it).
  const closes = await Promise.all(
    pages.map(async (p) => {
      const [text, at] = await phaseOf(p)
        .locator('span')
        .first()
        .evaluate((el) => [el.textContent ?? '', Date.now()] as const);
      const seconds = Number(/Apostas encerram em (\d+)s/.exec(text)?.[1]);
      expect(seconds, text).toBeGreaterThan(0);
      return at + seconds * 1000;
    }),
  );
  for (const close of closes) expect(Math.abs(close - closes[0]!)).toBeLessThanOrEqual(2_500);
  return id;
}

/** Both players bet on the round (each with the stake and pick already on the page); answers the round. */
async function betTogether(players: Player[], stakes: number[]): Promise<{ id: string; before: number[] }> {
  const pages = players.map((p) => p.page);
  const id = await freshRound(pages);
  const before = await Promise.all(pages.map((p) => headerCents(p)));
  await Promise.all(pages.map((p) => p.getByTestId('bet-button').click()));
  for (const [i, p] of pages.entries()) {
    await expect(myBet(p, id), (await p.getByTestId('bet-error').allTextContents()).join()).toHaveAttribute(
      'data-state',
      'open',
    );
    // The stake left the balance, exactly.
    await expect.poll(() => headerCents(p)).toBe(before[i]! - stakes[i]!);
  }
  // Each phone lists both bets of the round (the other's came through the other node and Redis).
  for (const p of pages) await expect(p.getByTestId('round-bet')).toHaveCount(2);
  return { id, before };
}

interface ShownRound {
  roundId: string;
  hash: string;
  shown: string;
  ok: boolean;
}

/**
 * Runs the page's verifier over its history (once `roundId` is in it) and answers what it shows: the rounds
 * (newest first), the chain's commitment and salt. Checks, without the app's code, what the page claims: each
 * shown result recomputed from its hash and the salt, each hash one SHA-256 step from the next older round's,
 * the oldest one step from the commitment — so the history holds every round of the chain, none skipped.
 */
async function verifyRounds(page: Page, roundId: string, result: (value: string) => string) {
  const verifier = page.getByRole('region', { name: 'Verificar as rodadas' });
  const rows = verifier.getByTestId('verified-round');
  const row = rows.filter({ hasText: new RegExp(`Rodada ${roundId} ·`) });
  // The history is asked again when a result arrives: verify again until it holds the round.
  await expect(async () => {
    await verifier.getByTestId('verify-rounds').click();
    await expect(verifier.getByTestId('verify-summary')).toBeVisible({ timeout: 5_000 });
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: ROUND_WAIT });
  const rounds: ShownRound[] = await rows.evaluateAll((els) =>
    els.map((el) => {
      const [, label, shown] = [...el.querySelectorAll(':scope > span')];
      return {
        roundId: /Rodada (\d+) ·/.exec(label?.textContent ?? '')?.[1] ?? '',
        hash: label?.getAttribute('title') ?? '',
        shown: shown?.textContent ?? '',
        ok: el.getAttribute('data-ok') === 'true',
      };
    }),
  );
  await expect(verifier.getByTestId('verify-summary')).toHaveText(
    `${rounds.length} de ${rounds.length} rodadas conferem`,
  );
  const commitment = ((await verifier.locator('dt').textContent()) ?? '').replace(
    'Compromisso da cadeia: ',
    '',
  );
  const salt = ((await verifier.locator('dd').textContent()) ?? '').replace('Sal: ', '');
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  expect(salt).toMatch(/^[0-9a-f]+$/);
  for (const [i, r] of rounds.entries()) {
    expect(r.ok, `round ${r.roundId} verifies on the page`).toBe(true);
    expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.shown, `round ${r.roundId}'s result`).toBe(result(roundValue(r.hash, salt)));
    const older = rounds[i + 1]?.hash ?? commitment;
    expect(sha256(r.hash), `round ${r.roundId} links to the round before it`).toBe(older);
  }
  return { rounds, commitment, salt, shown: rounds.find((r) => r.roundId === roundId)! };
}

const doubleResult = (value: string) => {
  const tile = doubleTile(value);
  return `${tile} · ${tileColor(tile)}`;
};
/** A multiplier as the page writes it (pt-BR, with ×: 2,64×), and back to a number. */
const times = (n: number) =>
  `${n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
const timesValue = (text: string) => Number(text.replace(/\./g, '').replace(',', '.').replace('×', ''));
const crashResult = (value: string) => times(crashPoint(value) / 100);

/**
 * Waits on a crash phone for the round's curve to reach `at` (answers 'rising') or for the round to end first
 * ('crashed'), reading what the page shows every 100 ms.
 */
async function rise(page: Page, roundId: string, at: number): Promise<'rising' | 'crashed'> {
  const handle = await page.waitForFunction(
    ({ roundId, at }) => {
      const bar = document.querySelector('[data-testid="round-phase"]');
      const phase = bar?.getAttribute('data-phase');
      const round = bar?.querySelectorAll('span')[1]?.textContent;
      const text = document.querySelector('[data-testid="crash-multiplier"]')?.textContent ?? '';
      // Written the Brazilian way: 1.234,56×.
      const shown = Number(text.replace(/\./g, '').replace(',', '.').replace('×', ''));
      if (round !== `Rodada ${roundId}` || phase === 'result') return 'crashed';
      return phase === 'running' && shown >= at ? 'rising' : false;
    },
    { roundId, at },
    { polling: 100, timeout: ROUND_WAIT },
  );
  return (await handle.jsonValue()) as 'rising' | 'crashed';
}

test('two players on two nodes share double and crash, are paid, verify every round, and outlive the clock’s node', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const [nodeA, nodeB] = nodes as [ServerProcess, ServerProcess];
  const [a, b] = await Promise.all([newPlayer(browser, nodeA, 'ana'), newPlayer(browser, nodeB, 'bia')]);

  await test.step('double: the same round on both nodes, each bet paid by the tile shown', async () => {
    await Promise.all([a.page.goto('/double'), b.page.goto('/double')]);
    await a.page.getByLabel('Valor da aposta').fill('2');
    await a.page.getByRole('radio', { name: /Vermelho/ }).click();
    await b.page.getByLabel('Valor da aposta').fill('3,50');
    await b.page.getByRole('radio', { name: /Preto/ }).click();
    const { id, before } = await betTogether([a, b], [200, 350]);
    await Promise.all([
      screenshot(a.page, 'rounds/cluster-double-a'),
      screenshot(b.page, 'rounds/cluster-double-b'),
    ]);

    for (const p of [a.page, b.page])
      await expect(myBet(p, id)).toHaveAttribute('data-state', /^(won|lost)$/, { timeout: ROUND_WAIT });
    // Both phones' verifiers show the round with the same hash and tile; the expectation comes from that tile.
    const [onA, onB] = await Promise.all([
      verifyRounds(a.page, id, doubleResult),
      verifyRounds(b.page, id, doubleResult),
    ]);
    expect(onB.shown).toEqual(onA.shown);
    expect(onB.commitment).toBe(onA.commitment);
    const tile = Number(onA.shown.shown.split(' ')[0]);
    for (const [i, [p, color, stake]] of (
      [
        [a.page, 'Vermelho', 200],
        [b.page, 'Preto', 350],
      ] as const
    ).entries()) {
      const paid = stake * doubleTimes(color, tile);
      await expect(myBet(p, id)).toHaveAttribute('data-state', paid ? 'won' : 'lost');
      await expect.poll(() => headerCents(p)).toBe(before[i]! - stake + paid);
    }
    await screenshot(a.page, 'rounds/cluster-double-verified');
  });

  await test.step('crash: the same curve on both nodes; a cash-out paid at its multiplier, a stake lost', async () => {
    await Promise.all([a.page.goto('/crash'), b.page.goto('/crash')]);
    await a.page.getByLabel('Valor da aposta').fill('2,50');
    await b.page.getByLabel('Valor da aposta').fill('3');
    // A round that rises long enough to cash out in (about one in ten crashes before 1.10x): a few tries.
    for (let attempt = 1; ; attempt++) {
      expect(attempt, 'a crash round rising past 1.10x').toBeLessThanOrEqual(8);
      const { id, before } = await betTogether([a, b], [250, 300]);
      // Both phones draw this round's curve rising (B's ticks come through Redis from the clock's node).
      const [onA, onB] = await Promise.all([rise(a.page, id, 1.1), rise(b.page, id, 1.01)]);
      let cashout: { at: number; paid: number } | null = null;
      if (onA === 'rising') {
        expect(onB).toBe('rising');
        const button = a.page.getByRole('button', { name: /^Retirar R\$/ });
        // Gone before the click could land (the round crashed): the stake is lost, as it should be.
        const clicked = await button
          .click({ timeout: 3_000 })
          .then(() => true)
          .catch(() => false);
        if (clicked) {
          await expect(
            myBet(a.page, id).and(a.page.locator('[data-state="won"]')).or(a.page.getByTestId('bet-error')),
          ).toBeVisible({ timeout: 15_000 });
          if (await a.page.getByTestId('bet-error').isVisible())
            await expect(a.page.getByTestId('bet-error')).toHaveText('Tarde demais: a rodada já explodiu');
          else {
            // The answer: the multiplier it cashed out at and what it paid.
            const [, shownAt, , shownPaid] = await myBet(a.page, id).locator('span').allTextContents();
            // The round's live list shows the cash-out on both phones (B's through Redis from A's node).
            for (const p of [a.page, b.page])
              await expect(
                p.getByTestId('round-bet').filter({ hasText: shownAt! }).filter({ hasText: shownPaid! }),
              ).toBeVisible({ timeout: 5_000 });
            await screenshot(a.page, 'rounds/cluster-crash-cashout');
            const at = Math.round(timesValue(shownAt!) * 100);
            expect(at).toBeGreaterThanOrEqual(110);
            cashout = { at, paid: cents(shownPaid!) };
            // Stake × multiplier, in whole centavos.
            expect(cashout.paid).toBe(Math.floor((250 * at) / 100));
          }
        }
      }
      await expect(myBet(a.page, id)).toHaveAttribute('data-state', cashout ? 'won' : 'lost', {
        timeout: ROUND_WAIT,
      });
      await expect(myBet(b.page, id)).toHaveAttribute('data-state', 'lost', { timeout: ROUND_WAIT });
      await expect.poll(() => headerCents(a.page)).toBe(before[0]! - 250 + (cashout?.paid ?? 0));
      await expect.poll(() => headerCents(b.page)).toBe(before[1]! - 300);
      // The same crash point on both phones, recomputed from the chain; a cash-out no later than it.
      const [verA, verB] = await Promise.all([
        verifyRounds(a.page, id, crashResult),
        verifyRounds(b.page, id, crashResult),
      ]);
      expect(verB.shown).toEqual(verA.shown);
      if (!cashout) continue;
      expect(cashout.at).toBeLessThanOrEqual(Math.round(timesValue(verA.shown.shown) * 100));
      await screenshot(b.page, 'rounds/cluster-crash-verified');
      break;
    }
  });

  await test.step('the clock’s node dies mid-round: the other takes over, the round is paid, none lost', async () => {
    await Promise.all([a.page.goto('/double'), b.page.goto('/double')]);
    await a.page.getByLabel('Valor da aposta').fill('2');
    await a.page.getByRole('radio', { name: /Vermelho/ }).click();
    await b.page.getByLabel('Valor da aposta').fill('3,50');
    await b.page.getByRole('radio', { name: /Preto/ }).click();
    const stakes = [200, 350];
    const { id, before } = await betTogether([a, b], stakes);

    // The node driving double's clock (the lease in round_clocks names its process), killed without a goodbye
    // while the round holds both bets.
    const holder = async () =>
      (await db!.query<{ node: string }>(`select node from round_clocks where game = 'double'`)).rows[0]
        ?.node;
    const led = await holder();
    const victim = nodes.find((n) => led?.startsWith(`${n.child.pid}-`));
    expect(victim, `the clock's node ${led}`).toBeDefined();
    const survivor = victim === nodeA ? nodeB : nodeA;
    await victim!.kill('SIGKILL');
    const killedAt = Date.now();
    // The other node takes the lapsed lease over within the 10 s.
    await expect
      .poll(holder, { timeout: 10_000, intervals: [200] })
      .toMatch(new RegExp(`^${survivor.child.pid}-`));
    console.log(`clock taken over ${Date.now() - killedAt} ms after the kill`);

    // The player whose node died opens the app on the other one.
    const [moved, stayed] = victim === nodeA ? [a, b] : [b, a];
    await moved.context.close();
    const back = await signIn(browser, survivor, moved.email);
    // Just signed in, the app may push a popup's history entry (daily presence, the gift check a second later)
    // at the moment the test navigates: Chromium aborts that navigation (net::ERR_ABORTED), or the goto resolves
    // on the history entry with the page still at home (seen on a slow machine): again until double shows.
    await expect(async () => {
      await back.page.goto('/double');
      await expect(phaseOf(back.page)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const pages = victim === nodeA ? [back.page, b.page] : [a.page, back.page];

    // The round with the bets is drawn by the survivor and each bet paid by its tile, exactly once.
    for (const p of pages)
      await expect(myBet(p, id)).toHaveAttribute('data-state', /^(won|lost)$/, { timeout: ROUND_WAIT });
    const { shown } = await verifyRounds(stayed.page, id, doubleResult);
    const tile = Number(shown.shown.split(' ')[0]);
    for (const [i, p] of pages.entries()) {
      const paid = stakes[i]! * doubleTimes(i === 0 ? 'Vermelho' : 'Preto', tile);
      await expect(myBet(p, id)).toHaveAttribute('data-state', paid ? 'won' : 'lost');
      await expect.poll(() => headerCents(p)).toBe(before[i]! - stakes[i]! + paid);
    }

    // Rounds go on: two more drawn after it, and the history from the chain's first round to the newest has
    // every round, each hash linking to the next (verifyRounds), the killed round among them.
    await expect
      .poll(async () => Number(await roundIdOf(stayed.page)), { timeout: 2 * ROUND_WAIT })
      .toBeGreaterThan(Number(id));
    const after = await freshRound([stayed.page]);
    const verified = await verifyRounds(stayed.page, after, doubleResult);
    expect(verified.rounds.map((r) => r.roundId)).toContain(id);
    expect(verified.rounds.filter((r) => Number(r.roundId) > Number(id)).length).toBeGreaterThanOrEqual(2);
    await verifyRounds(back.page, after, doubleResult);
    await stayed.page.getByTestId('verify-summary').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(stayed.page, 'rounds/cluster-after-takeover');

    // In the database: every game's rounds in chain order with no gap, none refunded, none drawn but unpaid,
    // no bet of ours left in play.
    const gaps = await db!.query(
      `select game from rounds group by game, chain_id having max(chain_index) - min(chain_index) + 1 <> count(*)
          or min(chain_index) <> 1`,
    );
    expect(gaps.rows).toEqual([]);
    // (A lucky colour period the clock first opens after its close is refunded, with no bets: not these games.)
    expect(
      (await db!.query(`select id from rounds where void and game in ('double', 'crash')`)).rows,
    ).toEqual([]);
    await sleep(1_000);
    const unpaid = await db!.query(
      `select id from rounds where phase = 'result' and settled_at is null and result_at < now() - interval '5 seconds'`,
    );
    expect(unpaid.rows).toEqual([]);
    const open = await db!.query(
      `select b.id from round_bets b join rounds r on r.id = b.round_id
        where b.state in ('open', 'settling') and r.result_at < now() - interval '5 seconds'`,
    );
    expect(open.rows).toEqual([]);

    // The ledger audit, as finance runs it in the back office: clean.
    const audit = await (
      await fetch(`${survivor.base}/api/operator/ledger/audit`, { method: 'POST', headers: operatorKey })
    ).json();
    expect(audit.status, audit.message).toBe(0);
    const faults = (audit.data.checks as { name: string; faults: unknown[] }[]).filter(
      (c) => c.faults.length,
    );
    expect(faults).toEqual([]);
    expect(audit.data.ok).toBe(true);
  });
});

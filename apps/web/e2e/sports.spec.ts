import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { depositViaApi, newEmail, OPERATOR_KEY, registerViaApi, screenshot, signInFromHome } from './helpers';

/** R$ 1.234,56 → 123456 (centavos) */
const cents = (text: string) => Number(text.replace(/[^\d]/g, ''));
const balance = async (page: Page) => cents((await page.getByTestId('header-balance').textContent()) ?? '');
/** "1,95" → 1.95 */
const price = async (button: Locator) =>
  Number(
    ((await button.locator('span').last().textContent()) ?? '').replace(/[^\d,]/g, '').replace(',', '.'),
  );

/**
 * The guide's settlement, written here again from sportsbook.md, as the test's own oracle: a quarter line is
 * half the stake on each neighbouring line; each half wins, pushes or loses; the pair gives 10, 21, 90, 11 or
 * 20. `value` is the selection's margin over its line (home margin + handicap, goals − total for over).
 */
function halves(value: (line: number) => number, line: number): number {
  const parts = Math.abs((line * 4) % 2) === 1 ? [line - 0.25, line + 0.25] : [line, line];
  const r = parts.map((l) => Math.sign(value(l)));
  const [a, b] = [Math.max(...r), Math.min(...r)];
  if (a === 1 && b === 1) return 10;
  if (a === 1 && b === 0) return 21;
  if (a === 0 && b === 0) return 90;
  if (a === 0 && b === -1) return 11;
  if (a === 1 && b === -1) throw new Error('a quarter line cannot both win and lose');
  return 20;
}
/** What a single returns (centavos) by its result code; halves of an odd stake as the server rounds them. */
function returned(stake: number, odds: number, result: number): [number, number] {
  const full = Math.floor((stake * Math.round(odds * 100)) / 100);
  const half = (stake / 2) * odds + stake / 2;
  if (result === 10) return [full, full];
  if (result === 21) return [Math.floor(half), Math.ceil(half)];
  if (result === 90) return [stake, stake];
  if (result === 11) return [Math.floor(stake / 2), Math.ceil(stake / 2)];
  return [0, 0];
}

async function createEvent(request: APIRequestContext, home: string, away: string, strength: number) {
  const res = await request.post('/api/operator/sports/events', {
    headers: { 'X-Operator-Key': OPERATOR_KEY },
    data: {
      sport: 'football',
      competition: 'Copa E2E',
      home,
      away,
      startsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
      strength,
    },
  });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
  return body.data.event.eventId as string;
}

async function result(request: APIRequestContext, eventId: string, score: Record<string, number>) {
  const res = await request.post(`/api/operator/sports/events/${eventId}/result`, {
    headers: { 'X-Operator-Key': OPERATOR_KEY },
    data: score,
  });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
}

test('a new player bets singles on quarter lines and a parlay, and is paid exactly what the guide says', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).slice(-5);
  const [home, away, home2, away2] = ['Flamengo', 'Palmeiras', 'Santos', 'Grêmio'].map((n) => `${n} ${tag}`);
  const first = await createEvent(request, home!, away!, 0.4);
  const second = await createEvent(request, home2!, away2!, -0.2);

  const email = newEmail('sports');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);
  const start = await balance(page);

  // From the bottom navigation to the event, through the upcoming list.
  await page.getByRole('link', { name: 'Esportes' }).click();
  await expect(page).toHaveURL(/\/footballPage/);
  await page.getByRole('tab', { name: /Próximos/ }).click();
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  await screenshot(page, 'sports/e2e-list');
  await page.getByTestId('event-row').filter({ hasText: home! }).getByRole('link').click();
  await expect(page.getByTestId('scoreboard')).toContainText(home!);
  await screenshot(page, 'sports/e2e-event');

  // Single 1: an Asian handicap on a quarter line.
  await page.getByRole('tab', { name: 'Handicap' }).click();
  const quarterOf = (type: string) =>
    page
      .locator(
        ['.25', '.75']
          .map((q) => `[data-testid=market][data-type=${type}][data-period="1"][data-line$="${q}"]`)
          .join(', '),
      )
      .first();
  const ahMarket = quarterOf('ah');
  const ahLine = Number(await ahMarket.getAttribute('data-line'));
  const ahButton = ahMarket.getByRole('button', { name: new RegExp(home!) });
  const ahPrice = await price(ahButton);
  await ahButton.click();

  // Single 2: a total on a quarter line, over.
  await page.getByRole('tab', { name: 'Gols' }).click();
  const total = quarterOf('total');
  const totalLine = Number(await total.getAttribute('data-line'));
  const overButton = total.getByRole('button', { name: /Mais de/ });
  const overPrice = await price(overButton);
  await overButton.click();

  // Two legs of one event: the slip offers the parlay but refuses it; as singles they go.
  await page.getByTestId('slip-bar').click();
  await expect(page.getByText('Duas seleções do mesmo evento não entram numa múltipla')).toBeVisible();
  await page.getByRole('tab', { name: 'Simples' }).click();
  const stakes = page.getByTestId('bet-slip').getByRole('textbox');
  await stakes.nth(0).fill('5');
  await stakes.nth(1).fill('3,33');
  await screenshot(page, 'sports/e2e-slip-singles');
  await page.getByTestId('place-bet').click();
  await expect(page.getByText('Apostas feitas: 2')).toBeVisible();
  await expect.poll(() => balance(page)).toBe(start - 500 - 333);

  // A parlay: the first event's home win and the second's draw.
  await page.getByRole('tab', { name: 'Principais' }).click();
  const winButton = page
    .locator('[data-testid=market][data-type="1x2"][data-period="1"]')
    .getByRole('button', { name: new RegExp(home!) });
  const winPrice = await price(winButton);
  await winButton.click();
  await page.goto('/footballPage?sport=football&tab=upcoming');
  const row = page.getByTestId('event-row').filter({ hasText: home2! });
  const drawButton = row.getByRole('button', { name: /^X/ });
  const drawPrice = await price(drawButton);
  await drawButton.click();
  await page.getByTestId('slip-bar').click();
  await expect(page.getByRole('tab', { name: 'Múltipla' })).toHaveAttribute('aria-selected', 'true');
  // The parlay's price: the product, rounded down to two decimals.
  const product = Math.round(winPrice * 100) * Math.round(drawPrice * 100);
  const parlayOdds = Math.floor(product / 100) / 100;
  await expect(page.getByTestId('parlay-price')).toHaveText(parlayOdds.toFixed(2).replace('.', ','));
  await page.getByLabel('Valor da múltipla').fill('2');
  await screenshot(page, 'sports/e2e-slip-parlay');
  await page.getByTestId('place-bet').click();
  await expect(page.getByText('Apostas feitas: 1')).toBeVisible();
  await expect.poll(() => balance(page)).toBe(start - 500 - 333 - 200);

  // The results: 2–1 (one-goal home win, 3 goals) and 1–1.
  await result(request, first, {
    home: 2,
    away: 1,
    halfTimeHome: 1,
    halfTimeAway: 0,
    cornersHome: 6,
    cornersAway: 3,
  });
  await result(request, second, {
    home: 1,
    away: 1,
    halfTimeHome: 0,
    halfTimeAway: 1,
    cornersHome: 4,
    cornersAway: 5,
  });

  const ahResult = halves((l) => 2 - 1 + l, ahLine);
  const totalResult = halves((l) => 3 - l, totalLine);
  const [ahLow, ahHigh] = returned(500, ahPrice, ahResult);
  const [totLow, totHigh] = returned(333, overPrice, totalResult);
  // A parlay pays stake × the exact product of its prices, rounded down once.
  const parlay = Math.floor((200 * product) / 10_000);

  await page.goto('/footballPage/bets');
  await page.getByRole('tab', { name: 'Encerradas' }).click();
  await expect(page.getByTestId('my-bet')).toHaveCount(3, { timeout: 30_000 });
  await screenshot(page, 'sports/e2e-settled');
  const results = await page
    .getByTestId('my-bet')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-result')));
  expect(results.sort()).toEqual([String(ahResult), String(totalResult), '10'].sort());
  // The header follows the balance pushed after each settlement.
  const staked = start - 500 - 333 - 200;
  await expect
    .poll(async () => (await balance(page)) - staked)
    .toBeGreaterThanOrEqual(ahLow + totLow + parlay);
  expect((await balance(page)) - staked).toBeLessThanOrEqual(ahHigh + totHigh + parlay);
});

test('a player cashes out half a single, then the rest, and places a bet builder; the balance moves by the answers', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).slice(-5);
  const [home, away] = ['Bahia', 'Vitória'].map((n) => `${n} ${tag}`);
  const eventId = await createEvent(request, home!, away!, 0.3);
  const email = newEmail('cashout');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);
  const start = await balance(page);

  // A single of R$ 10 on the home win.
  await page.goto(`/footballPage/${eventId}`);
  await expect(page.getByTestId('scoreboard')).toContainText(home!);
  await page
    .locator('[data-testid=market][data-type="1x2"][data-period="1"]')
    .getByRole('button', { name: new RegExp(home!) })
    .click();
  await page.getByTestId('slip-bar').click();
  await page.getByTestId('bet-slip').getByRole('textbox').first().fill('10');
  await page.getByTestId('place-bet').click();
  await expect(page.getByText('Apostas feitas: 1')).toBeVisible();
  await expect.poll(() => balance(page)).toBe(start - 1000);

  // Half of it cashed out: what the sheet says is paid is what the answer pays and the balance gains.
  await page.goto('/footballPage/bets');
  const card = page.getByTestId('my-bet').filter({ hasText: home! });
  const button = card.getByTestId('cashout-button');
  await expect(button).toHaveText(/Cash out R\$/);
  await button.click();
  await page.getByRole('slider').fill('50');
  await expect(page.getByTestId('cashout-percent')).toHaveText('50%');
  await expect(page.getByTestId('cashout-running')).toHaveText(/R\$\s5,00/);
  const shownPaid = cents((await page.getByTestId('cashout-paid').textContent()) ?? '');
  const shownValue = cents((await page.getByTestId('cashout-value').textContent()) ?? '');
  expect(shownPaid).toBe(Math.floor(shownValue / 2));
  await screenshot(page, 'sports/e2e-cashout-sheet');
  const [first] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/cashout') && r.request().method() === 'POST'),
    page.getByTestId('cashout-confirm').click(),
  ]);
  const partial = (await first.json()).data as {
    paid: number;
    stake: number;
    status: string;
    balance: number;
  };
  expect(partial.status).toBe('open');
  expect(partial.stake).toBe(5);
  expect(Math.round(partial.paid * 100)).toBe(shownPaid);
  await expect(page.getByText(/Cash out feito/)).toBeVisible();
  await expect.poll(() => balance(page)).toBe(start - 1000 + Math.round(partial.paid * 100));
  await expect(card.getByTestId('cashed-out')).toContainText('Cash out parcial');
  await screenshot(page, 'sports/e2e-mybets-partial');

  // The rest, in full.
  await card.getByTestId('cashout-button').click();
  await expect(page.getByTestId('cashout-running')).toHaveText(/R\$\s0,00/);
  const [second] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/cashout') && r.request().method() === 'POST'),
    page.getByTestId('cashout-confirm').click(),
  ]);
  const rest = (await second.json()).data as { paid: number; stake: number; status: string };
  expect(rest.status).toBe('cashedOut');
  const paidAll = Math.round(partial.paid * 100) + Math.round(rest.paid * 100);
  await expect.poll(() => balance(page)).toBe(start - 1000 + paidAll);
  await page.getByRole('tab', { name: 'Encerradas' }).click();
  const closed = page.getByTestId('my-bet').filter({ hasText: home! });
  await expect(closed).toHaveAttribute('data-status', 'cashedOut');
  await expect(closed.getByTestId('cashed-out')).toContainText((paidAll / 100).toFixed(2).replace('.', ','));

  // A bet builder on the same event: the home win and both teams to score.
  await page.goto(`/footballPage/${eventId}`);
  await page.getByRole('tab', { name: 'Criar aposta' }).click();
  const tab = page.getByTestId('builder-tab');
  await tab
    .locator('[data-testid=market][data-type="1x2"]')
    .getByRole('button', { name: new RegExp(home!) })
    .click();
  await tab.locator('[data-testid=market][data-type="btts"]').getByRole('button', { name: /Sim/ }).click();
  await expect(page.getByTestId('builder-bar')).toContainText(/Odds \d+,\d\d/);
  await screenshot(page, 'sports/e2e-builder-tab');
  await page.getByTestId('builder-bar').click();
  await expect(page.getByTestId('builder-leg')).toHaveCount(2);
  await page.getByLabel('Valor da aposta').fill('5');
  await expect(page.getByTestId('builder-price')).toHaveText(/\d+,\d\d/);
  await screenshot(page, 'sports/e2e-builder');
  const [placed] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/app/sports/bets') && r.request().method() === 'POST'),
    page.getByTestId('builder-place').click(),
  ]);
  const builderBet = (await placed.json()).data as { stake: number; balance: number };
  expect(builderBet.stake).toBe(5);
  await expect(page.getByText('Aposta criada!')).toBeVisible();
  await expect.poll(() => balance(page)).toBe(start - 1000 + paidAll - 500);
  expect(Math.round(builderBet.balance * 100)).toBe(start - 1000 + paidAll - 500);

  await page.goto('/footballPage/bets');
  const built = page.getByTestId('my-bet').filter({ hasText: 'Criar aposta' });
  await expect(built).toHaveAttribute('data-kind', 'builder');
  await expect(built).toContainText('Criar aposta · 2 seleções');
  await expect(built.getByTestId('leg-result')).toHaveCount(2);
  await screenshot(page, 'sports/e2e-mybets-builder');
});

test('a player bets in play on a sandbox match from the Live tab: the clock runs, the bet waits its delay and is taken', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = newEmail('inplay');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);
  const start = await balance(page);

  // The sandbox feed plays football matches (playwright.config.ts runs it fast): wait for one on the Live tab.
  await page.goto('/footballPage?sport=football&tab=live');
  const rows = page.getByTestId('event-list').getByTestId('event-row');
  // The live list asks again every 5 s: the first match kicks off within about a minute of the server's start.
  await expect(rows.first()).toBeVisible({ timeout: 150_000 });
  await screenshot(page, 'sports/e2e-live-list');
  // The latest kick-off (the list runs from the earliest): the most match left to play.
  const row = rows.last();
  const teams = (await row.getByRole('link').locator('.truncate').allTextContents()).map((x) => x.trim());
  const [home, away] = teams as [string, string];
  await row.getByRole('link').click();
  const board = page.getByTestId('scoreboard');
  await expect(board).toContainText(home);
  await expect(board).toContainText(away);

  // The clock runs on the scoreboard, pushed by the feed (half time stands still a little while).
  const minute = async () =>
    Number(/(\d+)'/.exec((await board.getByTestId('clock').textContent()) ?? '')?.[1] ?? NaN);
  await expect.poll(minute).toBeGreaterThanOrEqual(0);
  const first = await minute();
  await expect.poll(minute, { timeout: 60_000 }).toBeGreaterThan(first);
  await screenshot(page, 'sports/e2e-live-event');

  // The home win of the whole match, at whatever price it has when taken; R$ 2.
  const winButton = page
    .locator('[data-testid=market][data-type="1x2"][data-period="1"]')
    .getByRole('button', { name: new RegExp(home) });
  await expect(winButton).toBeEnabled({ timeout: 20_000 });
  await winButton.click();
  await page.getByTestId('slip-bar').click();
  const slip = page.getByTestId('bet-slip');
  await slip.getByText('Aceitar qualquer').click();
  await slip.getByRole('textbox').first().fill('2');
  await expect(slip.getByText('Apostas ao vivo são confirmadas após 2s')).toBeVisible();
  await screenshot(page, 'sports/e2e-live-slip');
  // A dangerous moment (goal, card) during the delay refuses the bet; the player tries again when it reopens.
  const placed = page.getByText('Apostas feitas: 1');
  const refused = slip.getByText('Esta opção não está aberta para apostas no momento');
  for (let attempt = 0; ; attempt++) {
    const place = page.getByTestId('place-bet');
    await expect(place).toBeEnabled({ timeout: 20_000 });
    const sent = Date.now();
    const [res] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/api/app/sports/bets') && r.request().method() === 'POST',
      ),
      place.click(),
    ]);
    if (res.ok()) {
      // Taken only after the in-play acceptance delay (2 s), no market of it suspended meanwhile.
      expect(Date.now() - sent).toBeGreaterThanOrEqual(2_000);
      break;
    }
    await expect(refused).toBeVisible();
    expect(attempt, 'refused three times in a row').toBeLessThan(2);
  }
  await expect(placed).toBeVisible();
  await expect.poll(() => balance(page)).toBe(start - 200);

  // My bets: the open single on that match.
  await page.goto('/footballPage/bets');
  const card = page.getByTestId('my-bet').filter({ hasText: `${home} × ${away}` });
  await expect(card).toHaveAttribute('data-status', 'open');
  await expect(card).toHaveAttribute('data-kind', 'single');
  await expect(card.getByTestId('leg-result')).toHaveCount(1);
  await screenshot(page, 'sports/e2e-live-mybets');
});

import type { SportsBet, SportsEventDetail } from '@aposta/contracts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { depositViaApi, newEmail, registerViaApi } from '../../web/e2e/helpers';
import { createOperator, openMenu, operatorKey, screenshots, signIn, type TestOperator } from './helpers';

/**
 * Trading as a trader does it in the browser: the result of an event with a player's bet on it, then its
 * correction, the event found by name among the finished ones (no id typed) — the bet flips from won to lost and the player's balance follows; a price override set in the
 * editor is what a player's event detail answers; an admin finds both results in the audit log. The tests
 * run in order and share what they made.
 */
test.describe.configure({ mode: 'serial' });

const made: {
  trader?: TestOperator;
  admin?: TestOperator;
  token?: string;
  eventId?: string;
  betId?: string;
  stake?: number;
} = {};

const auth = () => ({ Authorization: `Bearer ${made.token}` });

async function createEvent(request: APIRequestContext, home: string, away: string, sport = 'football') {
  const created = await request.post('/api/operator/sports/events', {
    headers: operatorKey,
    data: {
      sport,
      competition: 'Copa do Trading',
      home,
      away,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  const body = await created.json();
  expect(body.status, body.message).toBe(0);
  return body.data as SportsEventDetail;
}

const homeOf = (d: SportsEventDetail) =>
  d.markets.find((m) => m.type === '1x2' && m.period === 1)!.selections.find((s) => s.name === 'home')!;

/** The trader signed in, the event opened by its id from the trading page's search. */
async function openEvent(page: Page, eventId: string) {
  await signIn(page, made.trader!);
  await openMenu(page, 'Trading esportivo');
  const search = page.getByRole('searchbox', { name: 'Abrir evento pelo ID' });
  await search.fill(eventId);
  await search.press('Enter');
}

async function balance(request: APIRequestContext) {
  const body = await (await request.get('/api/app/user/getBalance', { headers: auth() })).json();
  return body.data.balance as number;
}

async function betNow(request: APIRequestContext) {
  const body = await (await request.get(`/api/app/sports/bets/${made.betId}`, { headers: auth() })).json();
  return body.data as SportsBet;
}

test.beforeAll(async ({ request }) => {
  const res = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: { 'sports.acceptanceDelayMs': 0 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  made.trader = await createOperator(request, 'trader');
  made.admin = await createOperator(request, 'admin');
  made.token = await registerViaApi(request, newEmail('trading'));
  await depositViaApi(request, made.token);

  // The player backs the home side at the engine's price.
  const d = await createEvent(request, 'Correção FC', 'Revisão EC');
  made.eventId = d.event.eventId;
  const home = homeOf(d);
  made.stake = 10;
  const placed = await request.post('/api/app/sports/bets', {
    headers: { ...auth(), 'Idempotency-Key': `trading-e2e-${Date.now()}` },
    data: {
      stake: made.stake,
      acceptOdds: 'none',
      selections: [{ selectionId: home.selectionId, price: home.price }],
    },
  });
  const body = await placed.json();
  expect(body.status, body.message).toBe(0);
  made.betId = body.data.betId as string;
});

test('a trader settles an event, then corrects its result: the bet is resettled', async ({
  page,
  request,
}) => {
  await openEvent(page, made.eventId!);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: /Correção FC × Revisão EC/ })).toBeVisible();
  const result = drawer.getByRole('form', { name: 'Resultado' });
  // Games are a tennis result's only.
  await expect(result.getByLabel('Games mandante')).toHaveCount(0);

  // A score out of bounds is refused beside its field, nothing posted (it was clamped to 0 or 1000).
  await result.getByLabel('Mandante', { exact: true }).fill('-1');
  await result.getByLabel('Visitante', { exact: true }).fill('1');
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(result.getByText('Um número inteiro de 0 a 1000')).toBeVisible();
  await expect(result.getByLabel('Mandante', { exact: true })).toHaveValue('-1');
  await expect(drawer.getByTestId('result-answer')).toHaveCount(0);
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).uncheck();

  // Home wins: the bet is won and paid.
  const before = await balance(request);
  await result.getByLabel('Mandante', { exact: true }).fill('2');
  await result.getByLabel('Visitante', { exact: true }).fill('1');
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(drawer.getByTestId('result-answer')).toContainText('Resultado v1 lançado');
  await expect.poll(async () => (await betNow(request)).status).toBe('settled');
  const won = await betNow(request);
  expect(won.result).toBe(10);
  expect(won.payout).toBeGreaterThan(made.stake!);
  await expect.poll(() => balance(request)).toBeCloseTo(before + won.payout, 2);

  // Later, without its id: the trader finds the event by name among the finished ones.
  await page.reload();
  await expect(drawer).toHaveCount(0);
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Finalizados' }) })
    .click();
  await expect(page.getByRole('radio', { name: 'Finalizados' })).toBeChecked();
  const filters = page.getByRole('form', { name: 'Filtros de eventos' });
  await filters.getByLabel('Time ou competição').fill('correção');
  await filters.getByRole('button', { name: 'Buscar' }).click();
  const listed = page.getByRole('row').filter({ hasText: 'Correção FC × Revisão EC' });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Com resultado');
  await expect(listed).toContainText('2-1');
  await screenshots(page, 'sports-finished');
  await listed.getByRole('button', { name: 'Correção FC × Revisão EC' }).click();
  await expect(drawer.getByRole('heading', { name: /Correção FC × Revisão EC/ })).toBeVisible();

  // The screen now offers a correction and says what it does.
  await expect(drawer.getByText('Corrigir o resultado (2-1)')).toBeVisible();
  await expect(drawer.getByTestId('event-bets')).toContainText('Liquidadas1');
  await result.getByLabel('Mandante', { exact: true }).fill('0');
  await result.getByLabel('Visitante', { exact: true }).fill('1');
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Corrigir resultado' }).click();
  const answer = drawer.getByTestId('result-answer');
  await expect(answer).toContainText('Resultado corrigido (v2): 2-1 → 0-1');
  await expect(answer).toContainText('1 aposta(s) já liquidada(s)');
  await expect.poll(async () => (await betNow(request)).result).toBe(20);
  expect((await betNow(request)).payout).toBe(0);
  // The payout taken back: the balance is what it was before the first result.
  await expect.poll(() => balance(request)).toBeCloseTo(before, 2);
  await expect(drawer.getByText('Corrigido (v2)', { exact: true })).toBeVisible();
  await screenshots(page, 'sports-resettled');
  // The list shows the corrected result.
  await page.keyboard.press('Escape');
  await expect(listed).toContainText('0-1');
  await expect(listed).toContainText('Corrigido (v2)');
});

/** A price as a Brazilian trader writes it: 2,30. */
const odds = (price: number) => price.toFixed(2).replace('.', ',');

test('a trader overrides a price; a player sees it', async ({ page, request }) => {
  const d = await createEvent(request, 'Odds FC', 'Mercado EC');
  const engine = homeOf(d).price;
  const fixed = Math.round(engine * 102 + 1) / 100;
  await openEvent(page, d.event.eventId);
  const drawer = page.getByRole('dialog').filter({ hasText: 'Odds FC' });
  const row = drawer.getByRole('row').filter({ has: page.getByRole('cell', { name: '1X2 · Jogo todo' }) });
  await row.getByRole('button', { name: 'Preços' }).click();
  const editor = page.getByRole('dialog', { name: /Preços · 1X2/ });
  // Prices in Brazilian format: 2,30, not 2.30.
  await expect(editor.getByRole('cell', { name: odds(engine), exact: true }).first()).toBeVisible();
  // Selections by their names in the operator's language, not the feed's codes.
  await expect(editor.getByRole('cell', { name: 'Mandante', exact: true })).toBeVisible();
  await expect(editor.getByRole('cell', { name: 'home', exact: true })).toHaveCount(0);
  // Out of bounds is said beside the field and cannot be saved; nothing is clamped to a bound not typed.
  await editor.getByLabel('Odd fixa de Mandante').fill('0,5');
  await expect(editor.getByRole('alert').filter({ hasText: 'A odd fixa vai de 1,02 a 1000' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Salvar preços' })).toBeDisabled();
  await editor.getByLabel('Ajuste de margem').fill('3000');
  await expect(editor.getByRole('alert').filter({ hasText: 'O ajuste vai de -500 a 2000 bp' })).toBeVisible();
  await editor.getByLabel('Ajuste de margem').fill('0');
  await expect(editor.getByLabel('Ajuste de margem')).toHaveValue('0');
  // Typed as a Brazilian trader writes it (a dropped comma once turned 2,24 into 224).
  await editor.getByLabel('Odd fixa de Mandante').fill(odds(fixed));
  await expect(editor.getByRole('alert')).toHaveCount(0);
  await expect(editor.getByTestId('book')).toHaveText(/^Margem: motor -?\d+,\d{2}% → agora -?\d+,\d{2}%$/);
  await screenshots(page, 'sports-prices');
  await editor.getByRole('button', { name: 'Salvar preços' }).click();
  await expect(editor).toHaveCount(0);
  // The table shows the override with the engine's price struck through.
  await expect(row).toContainText(`Mandante ${odds(fixed)}${odds(engine)}`);
  await expect(row.getByText('Preço manual')).toBeVisible();
  await screenshots(page, 'sports-overridden');

  // What a player's event detail answers.
  const detail = await (await request.get(`/api/app/sports/events/${d.event.eventId}`)).json();
  expect(homeOf(detail.data as SportsEventDetail).price).toBe(fixed);

  // Back to the engine.
  await row.getByRole('button', { name: 'Preços' }).click();
  const clear = page.getByRole('dialog', { name: /Preços · 1X2/ });
  await expect(clear.getByLabel('Odd fixa de Mandante')).toHaveValue(odds(fixed));
  await clear.getByRole('button', { name: 'Voltar ao motor' }).click();
  await expect(clear).toHaveCount(0);
  await expect
    .poll(async () => {
      const again = await (await request.get(`/api/app/sports/events/${d.event.eventId}`)).json();
      return homeOf(again.data as SportsEventDetail).price;
    })
    .toBe(engine);
  await expect(row).toContainText(`Mandante ${odds(engine)}`);
  await expect(row.getByText('Preço manual')).toHaveCount(0);
});

test("a trader posts a tennis result with the match's games; the server's refusal shows by its field", async ({
  page,
  request,
}) => {
  const d = await createEvent(request, 'Fonseca', 'Mensik', 'tennis');
  await openEvent(page, d.event.eventId);
  const drawer = page.getByRole('dialog').filter({ hasText: 'Fonseca' });
  const result = drawer.getByRole('form', { name: 'Resultado' });
  await result.getByLabel('Mandante', { exact: true }).fill('2');
  await result.getByLabel('Visitante', { exact: true }).fill('1');
  await result.getByLabel('Games mandante').fill('15');
  // One side's games only: the server refuses, beside the missing field.
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Lançar resultado' }).click();
  const awayGames = result.locator('.ant-form-item').filter({ has: page.getByLabel('Games visitante') });
  await expect(awayGames).toContainText('Informe os games dos dois lados, ou de nenhum');
  await screenshots(page, 'sports-tennis-games-refused', [1280, 393]);
  await result.getByLabel('Games visitante').fill('13');
  await expect(awayGames).not.toContainText('Informe os games');
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(drawer.getByTestId('result-answer')).toContainText('Resultado v1 lançado');
  // The result in effect carries the games: the correction form says them.
  await expect(drawer.getByText('Corrigir o resultado (2-1, games 15-13)')).toBeVisible();
  const trading = await (
    await request.get(`/api/operator/sports/events/${d.event.eventId}/trading`, { headers: operatorKey })
  ).json();
  expect(trading.data.result).toEqual({ home: 2, away: 1, gamesHome: 15, gamesAway: 13 });
  await screenshots(page, 'sports-tennis-games', [1280, 393]);
});

test("a trader posts football's corners and basketball's quarters with the score; a quarter missing is refused", async ({
  page,
  request,
}) => {
  const football = await createEvent(request, 'Escanteio FC', 'Bandeirinha EC');
  await openEvent(page, football.event.eventId);
  let drawer = page.getByRole('dialog').filter({ hasText: 'Escanteio FC' });
  let result = drawer.getByRole('form', { name: 'Resultado' });
  await expect(result.getByLabel('1º quarto mandante')).toHaveCount(0);
  await result.getByLabel('Mandante', { exact: true }).fill('2');
  await result.getByLabel('Visitante', { exact: true }).fill('1');
  await result.getByLabel('1º tempo mandante').fill('1');
  await result.getByLabel('1º tempo visitante').fill('0');
  await result.getByLabel('Escanteios mandante').fill('7');
  await result.getByLabel('Escanteios visitante').fill('4');
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(drawer.getByTestId('result-answer')).toContainText('Resultado v1 lançado');
  const tradingOf = async (id: string) =>
    (await (await request.get(`/api/operator/sports/events/${id}/trading`, { headers: operatorKey })).json())
      .data;
  const footballNow = await tradingOf(football.event.eventId);
  expect(footballNow.result).toEqual({
    home: 2,
    away: 1,
    halfTimeHome: 1,
    halfTimeAway: 0,
    cornersHome: 7,
    cornersAway: 4,
  });
  // The corners settled their markets instead of voiding them.
  const corners = footballNow.markets.filter((m: { type: string }) => m.type === 'cornersTotal');
  expect(corners.length).toBeGreaterThan(0);
  for (const m of corners) expect(m.status).toBe('settled');

  const basketball = await createEvent(request, 'Cesta BC', 'Rebote BC', 'basketball');
  // The same trader opens the next event from the search, the drawer closed.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const search = page.getByRole('searchbox', { name: 'Abrir evento pelo ID' });
  await search.fill(basketball.event.eventId);
  await search.press('Enter');
  drawer = page.getByRole('dialog').filter({ hasText: 'Cesta BC' });
  result = drawer.getByRole('form', { name: 'Resultado' });
  await expect(result.getByLabel('Escanteios mandante')).toHaveCount(0);
  await result.getByLabel('Mandante', { exact: true }).fill('101');
  await result.getByLabel('Visitante', { exact: true }).fill('99');
  const quarters = [
    [25, 20],
    [30, 28],
    [20, 26],
    [26, 25],
  ];
  for (const [i, [h, a]] of quarters.slice(0, 3).entries()) {
    await result.getByLabel(`${i + 1}º quarto mandante`).fill(String(h));
    await result.getByLabel(`${i + 1}º quarto visitante`).fill(String(a));
  }
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(result).toContainText('Informe os quatro quartos, ou nenhum');
  expect((await tradingOf(basketball.event.eventId)).result).toBeNull();
  await screenshots(page, 'sports-basketball-quarters-refused', [393]);
  await result.getByLabel('4º quarto mandante').fill('26');
  await result.getByLabel('4º quarto visitante').fill('25');
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(drawer.getByTestId('result-answer')).toContainText('Resultado v1 lançado');
  const basketballNow = await tradingOf(basketball.event.eventId);
  expect(basketballNow.result).toEqual({
    home: 101,
    away: 99,
    quarters: quarters.map(([home, away]) => ({ home, away })),
  });
  const quarterMarkets = basketballNow.markets.filter((m: { period: number }) => m.period > 1000);
  expect(quarterMarkets.length).toBeGreaterThan(0);
  for (const m of quarterMarkets) expect(m.status).toBe('settled');
  await screenshots(page, 'sports-basketball-quarters', [393]);
  // On a phone the event's bet figures stack inside the drawer instead of running off its right edge.
  await page.setViewportSize({ width: 393, height: 852 });
  const figures = await drawer.getByTestId('event-bets').locator('table').boundingBox();
  expect(figures!.x + figures!.width).toBeLessThanOrEqual(393);
});

test('an admin finds the result and its correction in the audit log', async ({ page }) => {
  await signIn(page, made.admin!);
  await openMenu(page, 'Auditoria');
  const filters = page.getByRole('form', { name: 'Filtros da auditoria' });
  await filters.getByLabel('Alvo').fill(`sports-event:${made.eventId}`);
  await filters.getByRole('button', { name: 'Buscar' }).click();
  const rows = page
    .getByRole('row')
    .filter({ hasText: made.trader!.email })
    .filter({ hasText: `sports-event:${made.eventId}` })
    .filter({ hasText: 'Trading de esportes' });
  await expect(rows).toHaveCount(2);
  await screenshots(page, 'audit-resettle');
});

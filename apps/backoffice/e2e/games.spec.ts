import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { depositViaApi, newEmail, registerViaApi } from '../../web/e2e/helpers';
import { createOperator, openMenu, operatorKey, screenshots, signIn } from './helpers';

/**
 * The games pages, with money moved through the real APIs: a player deposits through the sandbox PIX, bets on
 * dice (originals) and on a double round (shared rounds), and plays a round of a provider's game through the
 * signed seamless wallet. An admin finds the originals and shared-round bets on the rounds page and the
 * player's profile; a support operator looks the casino round up by one of the provider's transactions; a
 * marketing operator grants the player a bonus from the profile (one Idempotency-Key per opening of the form:
 * a replay pays nothing more) and the bonus balance moves by exactly that amount; the admin reads its audit row.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const brl = (reais: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais);

/** The player's real-money balance of a kind (cash or bonus), in reais, as the operator reads it. */
async function balanceOf(request: APIRequestContext, userId: number, kind: 'cash' | 'bonus') {
  const res = await request.get(`/api/operator/players/${userId}`, { headers: operatorKey });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
  return (body.data.balances as { book: string; kind: string; balance: number }[])
    .filter((b) => b.book === 'real' && b.kind === kind)
    .reduce((sum, b) => sum + b.balance, 0);
}

/** A R$ 1 bet on red in the next double round whose betting window has a few seconds left; its round id. */
async function betOnDouble(request: APIRequestContext, token: string) {
  const deadline = Date.now() + 90_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const state = (await (await request.get('/api/app/rounds/double/state')).json()).data as {
      roundId: string;
      phase: string;
      closesAt: string;
      serverTime: string;
    };
    if (state.phase === 'betting' && Date.parse(state.closesAt) - Date.parse(state.serverTime) > 3_000) {
      const res = await request.post('/api/app/rounds/double/bet', {
        headers: { ...auth(token), 'Idempotency-Key': `bo-games-double-${Date.now()}-${attempt}` },
        data: { roundId: state.roundId, amount: 1, color: 'red' },
      });
      const body = await res.json();
      if (body.status === 0) return state.roundId;
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error('no double round took the bet in 90 s');
}

/** A provider's round through the signed wallet: a R$ 5 bet and a R$ 12 win; the calls' uuids. */
async function casinoRound(request: APIRequestContext, token: string) {
  const code = `g${Date.now().toString(36)}`;
  const secret = crypto.randomBytes(20).toString('hex');
  const gameCode = `${code}-slot`;
  expect(
    (
      await request.post('/api/operator/casino/providers', {
        headers: operatorKey,
        data: { code, name: `Estúdio ${code}`, secret },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.post(`/api/operator/casino/providers/${code}/games`, {
        headers: operatorKey,
        data: { gameCode, name: `Slot ${code}`, category: 'slots', rtp: 96, thumbnail: '', launchUrl: '/x' },
      })
    ).ok(),
  ).toBe(true);
  const launch = await (
    await request.post('/api/app/casino/launch', { headers: auth(token), data: { gameCode } })
  ).json();
  expect(launch.status, launch.message).toBe(0);
  const gameToken = new URL(launch.data.url as string, 'http://x').searchParams.get('token')!;
  const round = `round-${crypto.randomBytes(4).toString('hex')}`;
  const call = async (path: string, fields: Record<string, unknown>) => {
    const raw = JSON.stringify({
      request_uuid: crypto.randomUUID(),
      token: gameToken,
      round,
      game_code: gameCode,
      currency: 'BRL',
      ...fields,
    });
    const res = await request.post(`/api/provider/${code}/transaction/${path}`, {
      headers: {
        'content-type': 'application/json',
        'x-signature': crypto.createHmac('sha256', secret).update(raw).digest('hex'),
      },
      data: raw,
    });
    const answer = await res.json();
    expect(answer.status).toBe('RS_OK');
  };
  const bet = `bet-${crypto.randomUUID()}`;
  const win = `win-${crypto.randomUUID()}`;
  await call('bet', { transaction_uuid: bet, round_closed: false, amount: 500 });
  await call('win', {
    transaction_uuid: win,
    reference_transaction_uuid: bet,
    round_closed: true,
    amount: 1200,
  });
  return { code, round, bet, win };
}

test('operators find a player’s games history, look a casino round up by a transaction, and grant a bonus', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const email = newEmail('games');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  const me = await (await request.get('/api/app/user/userInfo', { headers: auth(token) })).json();
  const playerId = me.data.uId as number;
  expect(playerId).toBeGreaterThan(0);

  // Originals: a dice bet of R$ 3,21.
  const dice = await (
    await request.post('/api/app/originals/dice/bet', {
      headers: { ...auth(token), 'Idempotency-Key': `bo-games-dice-${Date.now()}` },
      data: { amount: 3.21, target: 50, condition: 'over' },
    })
  ).json();
  expect(dice.status, dice.message).toBe(0);
  // A shared round: R$ 1 on red, settled by the round.
  const roundId = await betOnDouble(request, token);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/app/rounds/double/bets?limit=5', { headers: auth(token) })).json())
            .data as { roundId: string; state: string }[]
        ).find((b) => b.roundId === roundId)?.state,
      { timeout: 60_000 },
    )
    .toMatch(/won|lost/);
  // The casino: a provider's round, bet R$ 5 and win R$ 12.
  const casino = await casinoRound(request, token);

  // A support operator (casino.read) looks the round up by the provider's win transaction.
  await signIn(page, await createOperator(request, 'support'));
  await openMenu(page, 'Cassino', 'Jogos');
  const lookup = page.getByRole('searchbox', { name: 'ID da rodada' });
  await lookup.fill(`${casino.code}:${casino.win}`);
  await lookup.press('Enter');
  const found = page.getByTestId('casino-round');
  await expect(found).toContainText(`${casino.code}:${casino.round}`);
  await expect(found).toContainText(`#${playerId}`);
  await expect(found.getByRole('row').filter({ hasText: casino.bet })).toContainText('R$ 5,00');
  await expect(found.getByRole('row').filter({ hasText: casino.win })).toContainText('R$ 12,00');
  await expect(found).toContainText('Liquidada');
  await screenshots(page, 'games-casino-round');
  await page.getByRole('button', { name: 'Sair' }).first().click();

  // A marketing operator grants R$ 25,50 from the player's profile.
  const bonusBefore = await balanceOf(request, playerId, 'bonus');
  const cashBefore = await balanceOf(request, playerId, 'cash');
  const marketing = await createOperator(request, 'marketing');
  await signIn(page, marketing);
  await page.goto(`/backoffice/players/${playerId}`);
  await page.getByRole('tab', { name: 'Bônus' }).click();
  await page.getByRole('button', { name: 'Conceder bônus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conceder bônus ao jogador' });
  // The form starts from the setting's usual multiple (2×) and says what may still be granted today.
  await expect(dialog.getByLabel('Rollover (múltiplo)')).toHaveValue('2');
  await expect(dialog.locator('#bonus-grant_amount_extra')).toHaveText(
    /Disponível para conceder a este jogador: R\$\s5\.000,00 de R\$\s5\.000,00 em 24 horas/,
  );
  await dialog.getByLabel('Valor').fill('25.50');
  await dialog.getByLabel('Motivo').fill('Cortesia pelo atendimento');
  const granted = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/operator/promo/bonuses',
  );
  await dialog.getByRole('button', { name: 'Conceder bônus' }).click();
  const grant = await granted;
  const answer = await (await grant.response())!.json();
  expect(answer.status, answer.message).toBe(0);
  await expect(dialog).toBeHidden();
  const bonusId = answer.data.id as number;
  expect(grant.postDataJSON()).toMatchObject({ amount: 2_550, wageringMultiple: 2 });
  await expect(
    page.getByTestId('player-bonuses').getByRole('row').filter({ hasText: 'R$ 25,50' }),
  ).toHaveCount(1);
  // The same opening of the form sent again (a retry after a lost answer) pays nothing more.
  const replay = await request.post('/api/operator/promo/bonuses', {
    headers: { ...operatorKey, 'Idempotency-Key': grant.headers()['idempotency-key']! },
    data: grant.postDataJSON(),
  });
  expect((await replay.json()).data.id).toBe(bonusId);
  expect(await balanceOf(request, playerId, 'bonus')).toBeCloseTo(bonusBefore + 25.5, 2);
  expect(await balanceOf(request, playerId, 'cash')).toBeCloseTo(cashBefore, 2);
  // A new opening is a new key.
  await page.getByRole('button', { name: 'Conceder bônus' }).click();
  await dialog.getByLabel('Valor').fill('1');
  await dialog.getByLabel('Motivo').fill('Segunda cortesia');
  const second = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/operator/promo/bonuses',
  );
  await dialog.getByRole('button', { name: 'Conceder bônus' }).click();
  expect((await second).headers()['idempotency-key']).not.toBe(grant.headers()['idempotency-key']);
  await expect(dialog).toBeHidden();
  expect(await balanceOf(request, playerId, 'bonus')).toBeCloseTo(bonusBefore + 26.5, 2);
  // More than operators may grant one player in a day (R$ 5.000): refused beside the amount, nothing paid.
  await page.getByRole('button', { name: 'Conceder bônus' }).click();
  await expect(dialog.locator('#bonus-grant_amount_extra')).toContainText(/R\$\s4\.973,50 de R\$\s5\.000,00/);
  await dialog.getByLabel('Valor').fill('4980');
  await dialog.getByLabel('Motivo').fill('Acima do limite diário');
  await dialog.getByRole('button', { name: 'Conceder bônus' }).click();
  // Under the field (antd's help of `bonus-grant`'s `amount`), not in the form's alert.
  await expect(dialog.locator('#bonus-grant_amount_help')).toContainText(/passariam de R\$\s5\.000,00/);
  await expect(dialog.getByRole('alert').filter({ hasText: 'passariam' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  expect(await balanceOf(request, playerId, 'bonus')).toBeCloseTo(bonusBefore + 26.5, 2);
  await page.getByRole('tab', { name: 'Resumo' }).click();
  await screenshots(page, 'games-bonus-granted');
  await page.getByRole('button', { name: 'Sair' }).first().click();

  // An admin (rounds.chains) finds the double bet in the round's bets on the rounds page…
  await signIn(page, await createOperator(request, 'admin'));
  await openMenu(page, 'Cadeias de rodadas', 'Jogos');
  const history = page.getByTestId('rounds-history');
  // A row's name starts with its expand button and the round's id (then the chain's, also "#…").
  const roundRow = history.getByRole('row', { name: new RegExp(`^Expandir linha #${roundId} `) });
  await roundRow.getByRole('button', { name: 'Expandir linha' }).click();
  const bets = page.getByTestId(`round-bets-${roundId}`);
  await expect(bets.getByRole('row').filter({ hasText: `#${playerId} ` })).toContainText('R$ 1,00');
  await screenshots(page, 'games-round-bets');
  // …and, from there, the player's profile with every product's bets: the dice bet and the round's.
  await bets.getByRole('link', { name: new RegExp(`^#${playerId} `) }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/players/${playerId}$`));
  await page.getByRole('tab', { name: 'Apostas' }).click();
  const productFilter = (name: string) =>
    page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name }) })
      .click();
  await productFilter('Originais');
  // The game and the bet's state in the operator's words, not the server's codes (dice, won, lost).
  const diceRow = page.getByRole('row').filter({ hasText: 'Dados' });
  await expect(diceRow).toHaveCount(1);
  await expect(diceRow).toContainText(brl(3.21));
  await expect(diceRow).toContainText(/Ganha|Perdida/);
  await expect(diceRow).not.toContainText(/\b(dice|won|lost)\b/);
  await productFilter('Rodadas');
  await expect(page.getByRole('row').filter({ hasText: roundId })).toContainText('R$ 1,00');
  await productFilter('Cassino');
  await expect(page.getByRole('link', { name: `${casino.code}:${casino.round}` })).toHaveAttribute(
    'href',
    new RegExp(`round=${encodeURIComponent(`${casino.code}:${casino.round}`)}`),
  );
  // The statement names each movement and account as the operator reads them.
  await page.getByRole('tab', { name: 'Extrato' }).click();
  const statement = page.getByRole('tabpanel', { name: 'Extrato' });
  await expect(statement.getByRole('row').filter({ hasText: 'Aposta liquidada' }).first()).toContainText(
    'Dinheiro',
  );
  await expect(statement).not.toContainText(/BET_SETTLED|DEPOSIT\b/);
  // The balances say which figure the players list shows (available: the balance less what is held).
  await page.getByRole('tab', { name: 'Resumo' }).click();
  const balances = page.getByRole('table').filter({ hasText: 'Disponível' });
  await expect(balances.getByRole('row').filter({ hasText: 'Dinheiro' }).first()).toContainText('Real');

  // The audit viewer shows the grant: who, what, to which bonus.
  await openMenu(page, 'Auditoria');
  const filters = page.getByRole('form', { name: 'Filtros da auditoria' });
  await filters.getByLabel('Alvo').fill(`bonus:${bonusId}`);
  await filters.getByRole('button', { name: 'Buscar' }).click();
  const rows = page.getByRole('row').filter({ hasText: new RegExp(`bonus:${bonusId}(?!\\d)`) });
  // The marketing operator's grant, and the replay above (made with the operator key) answered the same grant.
  await expect(rows).toHaveCount(2);
  const audit = rows.filter({ hasText: marketing.email });
  await expect(audit).toHaveCount(1);
  await expect(audit).toContainText('Gestão de promoções');
  await expect(audit).toContainText('OK · 200');
  await screenshots(page, 'games-audit');
});

import { expect, test, type Page } from '@playwright/test';
import {
  depositViaApi,
  newEmail,
  placeHomeSingle,
  registerViaApi,
  screenshot,
  sportsEventViaApi,
} from './helpers';

// What a person sees at the 393 px phone width (hardening item 14).

/** Whether two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A signed-in player with KYC done, on the given page. */
async function signedIn(page: Page, path: string) {
  const token = await registerViaApi(page.request, newEmail('layout'));
  const kyc = await page.request.post('/api/app/user/updateKyc', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Ana Souza', cardNo: '529.982.247-25' },
  });
  expect((await kyc.json()).status).toBe(0);
  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('TOKEN_B', t), token);
  await page.goto(path);
  return token;
}

test('the floating support button leaves the 18+ footer readable at the end of home', async ({ page }) => {
  await page.goto('/home');
  const footer = page.locator('footer', { hasText: '18+' });
  await footer.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const support = page.getByRole('button', { name: 'Abrir atendimento' });
  await expect(support).toBeVisible();
  const [a, b] = [await footer.boundingBox(), await support.boundingBox()];
  expect(overlaps(a!, b!), `footer ${JSON.stringify(a)} vs button ${JSON.stringify(b)}`).toBe(false);
  await screenshot(page, 'layout-home-footer');
});

for (const [lang, open, edit, label] of [
  // A player with KYC done has their own CPF as payout data: the button changes it.
  ['pt_BR', 'Sacar', 'Alterar', 'Confirmar e sacar'],
  ['ru', 'Вывести', 'Изменить', 'Подтвердить и вывести'],
] as const) {
  test(`the payout form's "${label}" (${lang}) stays on one line`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('LANG', l), lang);
    await signedIn(page, '/conta');
    await page.getByRole('button', { name: open }).first().click();
    await page.getByRole('button', { name: edit }).click();
    const confirm = page.getByRole('button', { name: label });
    await expect(confirm).toBeVisible();
    // One line of text: every box of the label's text shares one top.
    const lines = await confirm.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await screenshot(page, `layout-withdraw-payout-${lang}`);
  });
}

test('the sandbox PIX page copies the "copia e cola" code', async ({ page, context }) => {
  const token = await signedIn(page, '/home');
  const res = await page.request.post('/api/app/order/prePay/1', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `copy-${Date.now()}` },
    form: { gift: 1, pkgId: 1 },
  });
  const { data } = (await res.json()) as { data: { url: string } };
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(new URL(data.url).pathname);
  const code = await page.getByTestId('brcode').inputValue();
  expect(code).toMatch(/^000201/);
  await page.getByRole('button', { name: 'Copiar código PIX' }).click();
  await expect(page.getByRole('status')).toHaveText('Código copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await screenshot(page, 'layout-sandbox-pix');
});

test('the confirmation after a bet leaves the header balance and the bet button in sight', async ({
  page,
}) => {
  const token = await registerViaApi(page.request, newEmail('toast'));
  await depositViaApi(page.request, token);
  const { eventId, home } = await sportsEventViaApi(page.request);
  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('TOKEN_B', t), token);
  await page.goto(`/footballPage/${eventId}`);
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 100,00');
  await placeHomeSingle(page, home, 2);
  const toast = page.getByRole('status').filter({ hasText: 'Apostas feitas: 1' });
  await expect(toast).toBeVisible();
  // The balance pill (amount and refresh), the whole header, and the slip's bet button when it is still open.
  const box = (await toast.locator('p').boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  const balance = (await page.getByTestId('header-balance').locator('..').boundingBox())!;
  expect(overlaps(box, balance), `toast ${JSON.stringify(box)} vs balance ${JSON.stringify(balance)}`).toBe(
    false,
  );
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  const bet = page.getByTestId('place-bet');
  if (await bet.isVisible()) expect(overlaps(box, (await bet.boundingBox())!)).toBe(false);
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 98,00');
  await screenshot(page, 'layout-toast-after-bet');
});

test("plinko's multipliers stay legible and inside their slots at 13 to 16 rows", async ({ page }) => {
  await page.goto('/plinko');
  for (const rows of [13, 14, 15, 16]) {
    for (const risk of ['Baixo', 'Médio', 'Alto']) {
      await page.getByRole('radio', { name: risk }).click();
      await page.getByLabel('Linhas').selectOption(String(rows));
      await expect(page.getByTestId('plinko-slot')).toHaveCount(rows + 1);
      // Each label: its font, the width of its text and of its box.
      const slots = await page.getByTestId('plinko-slot').evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return {
            text: el.textContent,
            font: parseFloat(getComputedStyle(el).fontSize),
            text_w: range.getBoundingClientRect().width,
            box_w: el.getBoundingClientRect().width,
          };
        }),
      );
      for (const s of slots) {
        expect(s.font, `${rows} ${risk} ${s.text}`).toBeGreaterThanOrEqual(10);
        expect(s.text_w, `${rows} ${risk} ${s.text}`).toBeLessThanOrEqual(s.box_w);
      }
      // The board still fits the phone: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(393);
    }
  }
  await screenshot(page, 'layout-plinko-16-rows');
});

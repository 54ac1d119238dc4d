import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { totpNow, type TestOperator } from '../../web/e2e/helpers';

export { createOperator, operatorKey, totpNow, type TestOperator } from '../../web/e2e/helpers';

const shots = fileURLToPath(new URL('../../../artifacts/screenshots', import.meta.url));

/** The 30-second step each operator last signed in with: a code works once, so a second sign-in waits. */
const lastStep = new Map<string, number>();
const step = () => Math.floor(Date.now() / 30_000);

/** Signs in through the back office's form: e-mail, password, the authenticator's code. */
export async function signIn(page: Page, op: TestOperator) {
  while (lastStep.get(op.email) === step()) await page.waitForTimeout(1_000);
  lastStep.set(op.email, step());
  await page.goto('/backoffice/login');
  const form = page.getByRole('form', { name: 'Entrar no back office' });
  await form.getByLabel('E-mail').fill(op.email);
  await form.getByLabel('Senha').fill(op.password);
  await form.getByLabel('Código do autenticador').fill(totpNow(op.totpSecret));
  await form.getByRole('button', { name: 'Entrar' }).click();
  // The first screen loads its lazy page and reads on a machine that may be busy: more than the usual 10 s.
  await expect(page.getByTestId('operator-email')).toHaveText(op.email, { timeout: 30_000 });
}

/** Opens a page from the side menu (a group first when the entry is inside one). */
export async function openMenu(page: Page, entry: string, group?: string) {
  const menu = page.getByRole('menu');
  if (group && !(await menu.getByRole('menuitem', { name: entry }).isVisible())) {
    await menu.getByRole('menuitem', { name: group }).click();
  }
  await menu.getByRole('menuitem', { name: entry }).click();
}

/** The screen at 1280 px (desktop) and 820 px (a tablet held upright). */
export async function screenshots(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [1280, 820]) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : 800 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({ path: path.join(shots, `backoffice-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { totpNow, type TestOperator } from '../../web/e2e/helpers';

export { createOperator, operatorKey, totpNow, type TestOperator } from '../../web/e2e/helpers';

const shots = fileURLToPath(new URL('../../../artifacts/screenshots', import.meta.url));

/** The 30-second step of the code each operator last signed in with: a code works once, so the next waits. */
const lastStep = new Map<string, number>();
const stepOf = (ms: number) => Math.floor(ms / 30_000);

/**
 * Signs in through the back office's form: e-mail (`typed`, the operator's own unless given), password, the
 * authenticator's code.
 */
export async function signIn(page: Page, op: TestOperator, typed = op.email) {
  await page.goto('/backoffice/login');
  const form = page.getByRole('form', { name: 'Entrar no back office' });
  await form.getByLabel('E-mail').fill(typed);
  await form.getByLabel('Senha').fill(op.password);
  // The step is the code's own, taken after the page loaded (a slow load once crossed into the next step, and
  // the operator's next sign-in reused that step's code: refused as a replay).
  while (stepOf(Date.now()) <= (lastStep.get(op.email) ?? -1)) await page.waitForTimeout(1_000);
  const now = Date.now();
  lastStep.set(op.email, stepOf(now));
  await form.getByLabel('Código do autenticador').fill(totpNow(op.totpSecret, now));
  await form.getByRole('button', { name: 'Entrar' }).click();
  // The header names the operator once the signed-in shell has rendered: slow on a loaded machine.
  await expect(page.getByTestId('operator-email')).toHaveText(op.email, { timeout: 30_000 });
}

/** Opens a page from the side menu (a group first when the entry is inside one). */
export async function openMenu(page: Page, entry: string, group?: string) {
  const menu = page.getByRole('menu');
  const item = menu.getByRole('menuitem', { name: entry });
  if (group && !(await item.isVisible())) {
    await menu.getByRole('menuitem', { name: group }).click();
  }
  // A click while the group was still opening once went nowhere (CI): clicked again until the entry's page is
  // the one shown (the menu marks the current page's entry as selected).
  await expect(async () => {
    await item.click();
    await expect(item).toHaveClass(/ant-menu-item-selected/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Each width's screen height: a desktop, a tablet held upright, a phone. */
const HEIGHTS: Record<number, number> = { 1280: 800, 820: 1180, 393: 852 };

/** The screen at 1280 px (desktop) and 820 px (a tablet held upright), or at the `widths` asked. */
export async function screenshots(page: Page, name: string, widths = [1280, 820]) {
  fs.mkdirSync(shots, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHTS[width] ?? 800 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({ path: path.join(shots, `backoffice-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/**
 * The page's width as scrolled, the screen's, and what sticks out past the screen (tag, class, right edge) when it
 * does: a page that scrolls sideways on a phone names its culprit.
 */
export const pageWidth = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Those inside a box that scrolls or clips are left out: that box is the one that sticks out, if any.
    const clipped = (el: HTMLElement) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const out = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
      .slice(0, 8)
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
    return { scroll: document.documentElement.scrollWidth, width, out: out.join(' | ') };
  });

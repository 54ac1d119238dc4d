import { expect, test } from '@playwright/test';

/**
 * The game information of each studio slot, in a demo on the real server: the rules in words say what the maths
 * pays (Carnival Lines: a line that starts with wilds pays the better of the wilds' own win and the substituted
 * one; the wild does not stand in for the scatter), beside the paytable the server serves.
 */
test('each studio slot states its rules beside its paytable', async ({ page }, info) => {
  const expected: Record<string, RegExp> = {
    'fortune-ox': /multiplica o ganho do giro por 5\./,
    'carnival-lines':
      /Uma linha que começa com curingas paga o maior entre o ganho dos próprios curingas e o ganho do primeiro outro símbolo/,
    'candy-cascade': /\(8–9, 10–11, 12 ou mais\)/,
  };
  for (const [game, rules] of Object.entries(expected)) {
    await page.goto(`/studio/${game}?demo=1`);
    await page.getByRole('button', { name: 'Informações do jogo' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByTestId('game-rules')).toHaveText(rules);
    await expect(sheet.getByTestId('game-figures')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`${game}-info.png`), fullPage: true });
    await sheet.getByTestId('game-rules').scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`${game}-rules.png`) });
  }
});

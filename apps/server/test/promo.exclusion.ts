import { vi } from 'vitest';
import type { App } from '../src/app';

/**
 * A cool-off the player takes while a promotion claim (or an operator's grant) is under way: committed after the
 * call began, before its transaction (at the settings read every claim makes first). Once, then restored.
 */
export function coolOffDuringTheClaim(app: App, userId: number) {
  const all = app.settings.all.bind(app.settings);
  return vi.spyOn(app.settings, 'all').mockImplementationOnce(async () => {
    await app.rg.exclude(userId, { kind: 'cooloff', days: 1 });
    return all();
  });
}

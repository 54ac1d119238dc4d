import type { UserInfo } from '@aposta/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { holdAnimations } from '../../../test/animations';
import { renderWithApp } from '../../../test/render';
import { fakeOriginals } from './fake-originals';

/**
 * A signed-in player's first bet (R$ 1,00 of R$ 100,00) on a game's screen, its animation started and held:
 * answers the held animations (`finishAll` ends them; `restore` after the test).
 */
export async function firstBetHeld(screenUi: ReactElement, serverSeed: string) {
  const held = holdAnimations();
  try {
    vi.stubGlobal('fetch', fakeOriginals({ serverSeed, balance: 10_000 }).fetch);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    renderWithApp(screenUi);
    await userEvent.setup().click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(held.animate).toHaveBeenCalled());
    return held;
  } catch (err) {
    held.restore();
    throw err;
  }
}

/**
 * A signed-in player's automatic run of one bet (R$ 1,00 of R$ 100,00) on a game's screen, its animation started
 * and held, the run itself over: answers the held animations and the fake server.
 */
export async function oneAutoBetHeld(screenUi: ReactElement, serverSeed: string) {
  const held = holdAnimations();
  try {
    const server = fakeOriginals({ serverSeed, balance: 10_000 });
    vi.stubGlobal('fetch', server.fetch);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    const user = userEvent.setup();
    renderWithApp(screenUi);
    await user.click(screen.getByRole('radio', { name: 'Automático' }));
    const count = screen.getByLabelText(/Número de apostas/);
    await user.clear(count);
    await user.type(count, '1');
    await user.click(screen.getByTestId('auto-start'));
    await waitFor(() => expect(held.animate).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('auto-start')).toBeInTheDocument());
    return { held, server };
  } catch (err) {
    held.restore();
    throw err;
  }
}

import { ACCEPT_TERMS_PATH, TERMS_VERSION } from '@aposta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OverlayHost } from '../../../app/OverlayHost';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';

const TITLE = 'Atualizamos os termos de serviço';

/** A signed-in player whose user info records these terms; the server answers every call with `answer`. */
function signedIn(termsVersion: string | null | undefined, answer = (url: string) => envelope(url && null)) {
  useSession.setState({
    token: 'tok-terms',
    user: { uId: 7, balance: 0, freeBalance: 0, kyc: 1, lx: '', termsVersion } as never,
  });
  const f = fakeFetch((url) => ({ body: answer(url) }));
  vi.stubGlobal('fetch', f.fn);
  return f;
}

// The host loads the sheet lazily, and React holds a suspended part back for a while after it loads: showing it
// once here, before the tests, makes their waits measure the host alone, and the "not shown" checks meaningful
// (a loaded lazy part renders at once). On a busy CI machine this first showing can take seconds.
beforeAll(async () => {
  signedIn('2020-01-01');
  const { unmount } = renderWithApp(<OverlayHost />, '/home');
  await screen.findByRole('alertdialog', { name: TITLE }, { timeout: 20_000 });
  unmount();
}, 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: '', user: null });
});

describe('the updated terms sheet (composed by the overlay host)', () => {
  it('an older version accepted: asks, links to the terms in a tab of their own, and accepting records the current version', async () => {
    const f = signedIn('2020-01-01');
    renderWithApp(<OverlayHost />, '/home');
    const sheet = await screen.findByRole('alertdialog', { name: TITLE }, { timeout: 5000 });
    expect(sheet).toHaveTextContent('Para continuar, leia e aceite a versão de 7 de dezembro de 2026.');
    const link = within(sheet).getByRole('link', { name: 'Ler os termos de serviço' });
    expect(link).toHaveAttribute('href', '/termos');
    expect(link).toHaveAttribute('target', '_blank');
    // No close: the player accepts or signs out.
    expect(within(sheet).queryByRole('button', { name: 'Fechar' })).toBeNull();
    const accept = within(sheet).getByRole('button', { name: 'Aceitar' });
    expect(accept).toHaveFocus();

    await userEvent.setup().click(accept);
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: TITLE })).toBeNull(), {
      timeout: 5000,
    });
    const calls = f.calls.filter((c) => c.url.endsWith(ACCEPT_TERMS_PATH));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ termsVersion: TERMS_VERSION });
    expect(useSession.getState().user?.termsVersion).toBe(TERMS_VERSION);
  });

  it('a refused acceptance keeps the sheet, for another try', async () => {
    signedIn('2020-01-01', (url) =>
      url.endsWith(ACCEPT_TERMS_PATH) ? envelope(null, 50000, 'Erro interno') : envelope(null),
    );
    renderWithApp(<OverlayHost />, '/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aceitar' }, { timeout: 5000 }));
    expect(await screen.findByText('Erro interno', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eu entendi' }));
    expect(screen.getByRole('alertdialog', { name: TITLE })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aceitar' })).toBeEnabled();
    expect(useSession.getState().user?.termsVersion).toBe('2020-01-01');
  });

  it.each([
    ['the current version accepted (as at registration in the app)', TERMS_VERSION, '/home'],
    ['a stored copy of user info from before the field (until the server answers)', undefined, '/home'],
    ['none recorded (an older account, or one registered over the API)', null, '/home'],
    ['on the terms page itself', '2020-01-01', '/termos'],
  ])('not shown: %s', async (_, v, path) => {
    signedIn(v);
    renderWithApp(
      <>
        <OverlayHost />
        <p>page</p>
      </>,
      path,
    );
    await screen.findByText('page');
    // The lazy sheet would have come in by now.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alertdialog', { name: TITLE })).toBeNull();
  });

  it('signed out: not shown', async () => {
    signedIn('2020-01-01');
    useSession.setState({ token: '' });
    renderWithApp(<OverlayHost />, '/home');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alertdialog', { name: TITLE })).toBeNull();
  });
});

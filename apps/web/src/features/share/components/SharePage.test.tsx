import type { ReferralsAnswer } from '@aposta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { SharePage } from './SharePage';

const answer: ReferralsAnswer = {
  yqm: 'ABCD1234',
  link: 'https://aposta.example/yABCD1234',
  levels: [
    { level: 1, persons: 2, amount: 12.5, ratePercent: 0.5 },
    { level: 2, persons: 1, amount: 3, ratePercent: 0.2 },
    { level: 3, persons: 0, amount: 0, ratePercent: 0.1 },
  ],
  invitees: [
    {
      name: 'Jo** S****',
      level: 1,
      joinedAt: '2026-11-20T15:00:00.000Z',
      turnover30d: 250,
      lastActiveDay: '2026-11-23',
    },
    {
      name: 'Ma*** L***',
      level: 2,
      joinedAt: '2026-11-21T15:00:00.000Z',
      turnover30d: 0,
      lastActiveDay: null,
    },
  ],
};

let fetcher: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  queryClient.clear();
  fetcher = fakeFetch((url) =>
    url.includes('/promo/referrals') ? { body: envelope(answer) } : { body: envelope(null) },
  );
  vi.stubGlobal('fetch', fetcher.fn);
  useSession.setState({ token: 't', user: { uId: 1, yqm: 'ABCD1234' } as never });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

describe('share page', () => {
  it('shows the link with its QR code, the commission per level and the invitees with their activity', async () => {
    renderWithApp(<SharePage />);
    await waitFor(() =>
      expect(screen.getByTestId('share-link')).toHaveTextContent('https://aposta.example/yABCD1234'),
    );
    const qr = screen.getByRole('img', { name: 'QR code do seu link de convite' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);

    const level1 = await screen.findByTestId('share-level-1');
    expect(within(level1).getByText('2')).toBeInTheDocument();
    expect(level1).toHaveTextContent(/12,50/);
    expect(level1).toHaveTextContent('0,5% do apostado');
    expect(screen.getByTestId('share-level-2')).toHaveTextContent(/3,00/);

    const invitees = screen.getByTestId('share-invitees');
    expect(within(invitees).getByText('Jo** S****')).toBeInTheDocument();
    expect(invitees).toHaveTextContent(/250,00/);
    expect(invitees).toHaveTextContent('Sem apostas ainda');
    expect(fetcher.calls.some((c) => c.url.endsWith('/api/app/promo/referrals'))).toBe(true);
  });

  it('copies the link and shares it through the Web Share API', async () => {
    const shared = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: shared, configurable: true });
    const user = userEvent.setup(); // provides a clipboard stand-in
    renderWithApp(<SharePage />);
    await screen.findByTestId('share-level-1');
    await waitFor(() => expect(screen.getByTestId('share-link')).toHaveTextContent('aposta.example'));
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe('https://aposta.example/yABCD1234'),
    );
    await user.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(shared).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://aposta.example/yABCD1234' }));
  });

  it('without Web Share it offers copying only; a failed load offers a retry', async () => {
    fetcher = fakeFetch(() => ({ status: 500, body: envelope(null, 500, 'Erro') }));
    vi.stubGlobal('fetch', fetcher.fn);
    renderWithApp(<SharePage />);
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).not.toBeInTheDocument();
    // The link still comes from the session's invitation code.
    expect(screen.getByTestId('share-link')).toHaveTextContent(`${window.location.origin}/yABCD1234`);
    expect(
      await screen.findByRole('button', { name: 'Tentar de novo' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});

import type { RoundBet, RoundState } from '@aposta/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { roundBetOf } from '../test/round-bet';
import { CrashPage } from './CrashPage';

const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Crash round 7, rising for `risingFor` ms (2.00× after 11,553 ms), or crashed at `result`. */
function crash(risingFor: number, result: number | null = null): RoundState {
  return {
    game: 'crash',
    roundId: '7',
    phase: result === null ? 'running' : 'result',
    opensAt: at(-risingFor - 10_000),
    closesAt: at(-risingFor),
    resultAt: result === null ? null : at(0),
    serverTime: at(0),
    result,
    hash: null,
    void: false,
    period: null,
    startedAt: at(-risingFor),
    bets: [],
    betCount: 0,
  };
}

/** My R$ 2,50 bet on crash round 7 (no cash-out), as the server answers it. */
const crashBet = (over: Partial<RoundBet>) =>
  roundBetOf({ game: 'crash', amount: 2.5, time: at(0), ...over });

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  useSession.setState({ token: '', user: null });
});

/** A signed-in player on round 7 while it takes bets; the fake server answers every call. */
async function signedInWhileBetting({ betsLost = false, answer = null as RoundBet | null } = {}) {
  useSession.setState({ token: 'tok', user: { uId: 1, balance: 5000, kyc: 1, header: 0 } as never });
  const betting: RoundState = { ...crash(0), phase: 'betting', closesAt: at(60_000), startedAt: null };
  const server = fakeFetch((url, init) => ({
    body: envelope(
      url.includes('/rounds/crash/state')
        ? betting
        : url.includes('/bet') && init.method === 'POST'
          ? answer
          : [],
    ),
  }));
  // A lost answer: the request leaves (it is recorded), no answer comes back.
  const fetch = betsLost
    ? async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const answer = await server.fn(input, init);
        if (init.method === 'POST') throw new TypeError('Failed to fetch');
        return answer;
      }
    : server.fn;
  vi.stubGlobal('fetch', fetch);
  renderWithApp(<CrashPage />);
  return { server, field: await screen.findByLabelText('Valor da aposta') };
}

describe('crash for a visitor (no socket, so no ticks)', () => {
  it('draws the curve by the server’s clock, asks for the state twice a second, and shows the crash', async () => {
    let state = crash(11_553);
    const server = fakeFetch((url) => ({
      body: envelope(url.includes('/rounds/crash/state') ? state : []),
    }));
    vi.stubGlobal('fetch', server.fn);
    renderWithApp(<CrashPage />);

    const shown = () =>
      Number(screen.getByTestId('crash-multiplier').textContent!.replace('×', '').replace(',', '.'));
    await waitFor(() => expect(shown()).toBeGreaterThanOrEqual(2));
    expect(shown()).toBeLessThan(2.05);
    expect(screen.getByTestId('round-phase')).toHaveTextContent('Subindo!');

    const asked = () => server.calls.filter((c) => c.url.includes('/rounds/crash/state')).length;
    const before = asked();
    await waitFor(() => expect(asked()).toBeGreaterThanOrEqual(before + 2), { timeout: 1_500 });

    state = crash(12_000, 2.09);
    await waitFor(() => expect(screen.getByTestId('crash-result')).toHaveTextContent('Explodiu em 2,09×'));
    expect(screen.getByTestId('crash-multiplier')).toHaveTextContent('2,09×');
  });
});

describe('a crash bet lost', () => {
  it('says so beside the crash point, not only in my bets below', async () => {
    useSession.setState({ token: 'tok', user: { uId: 1, balance: 5000, kyc: 1, header: 0 } as never });
    const lost = crashBet({ betId: '90', state: 'lost', balance: 0, time: at(-20_000) });
    const server = fakeFetch((url) => ({
      body: envelope(
        url.includes('/rounds/crash/state') ? crash(12_000, 1.11) : url.includes('/bets') ? [lost] : [],
      ),
    }));
    vi.stubGlobal('fetch', server.fn);
    renderWithApp(<CrashPage />);
    await waitFor(() => expect(screen.getByTestId('crash-result')).toHaveTextContent('Explodiu em 1,11×'));
    expect((await screen.findByTestId('my-loss')).textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Sua aposta de R$ 2,50 perdeu',
    );
  });
});

describe('a crash bet', () => {
  it('sends the stake as the player wrote it in Portuguese: "1.000" is a thousand reais', async () => {
    const { server, field } = await signedInWhileBetting();
    fireEvent.change(field, { target: { value: '1.000' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(server.calls.some((c) => c.init.method === 'POST')).toBe(true));
    const sent = server.calls.find((c) => c.init.method === 'POST')!;
    expect(JSON.parse(String(sent.init.body))).toMatchObject({ roundId: '7', amount: '1000.00' });
  });

  it('a stake is written the player’s way on leaving the field: 1.5 as 1,50; what is not an amount stays', async () => {
    const { field } = await signedInWhileBetting();
    for (const [typed, shown] of [
      ['1.5', '1,50'],
      ['1.000', '1000,00'],
      ['abc', 'abc'],
    ]) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect(field).toHaveValue(shown);
    }
  });

  it('a bet taken says so on its button until the round runs', async () => {
    const answer = crashBet({ betId: '91', state: 'open', balance: 4997.5, time: at(0) });
    const { field } = await signedInWhileBetting({ answer });
    fireEvent.change(field, { target: { value: '2,50' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('bet-button')).toHaveTextContent('Aposta feita: R$ 2,50'));
    expect(screen.getByTestId('bet-button')).toBeDisabled();
    expect(useSession.getState().user?.balance).toBe(4997.5);
  });

  it('a lost answer says so (not that the connection is slow); betting again sends the same key', async () => {
    const { server, field } = await signedInWhileBetting({ betsLost: true });
    const posts = () => server.calls.filter((c) => c.init.method === 'POST');
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(
      await screen.findByText(
        'Sem resposta do servidor: confira sua conexão e aposte de novo (a mesma aposta nunca é cobrada duas vezes).',
      ),
    ).toBeInTheDocument();
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(posts()).toHaveLength(2));
    const key = (i: number) => new Headers(posts()[i]!.init.headers).get('Idempotency-Key');
    expect(key(1)).toBe(key(0));
  });

  it('an empty stake is asked for beside the field, and nothing is sent', async () => {
    const { server, field } = await signedInWhileBetting();
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(field).toHaveAccessibleDescription('Por favor, insira o valor da aposta'));
    expect(server.calls.some((c) => c.init.method === 'POST')).toBe(false);
  });
});

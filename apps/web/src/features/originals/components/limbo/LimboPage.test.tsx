import type { UserInfo } from '@aposta/contracts';
import { limboResult } from '@aposta/fairness';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../../lib/session';
import { renderWithApp } from '../../../../test/render';
import { useGameSettings } from '../../hooks/settings';
import { fakeOriginals } from '../../test/fake-originals';
import { LimboPage } from './LimboPage';

const SEED = '9'.repeat(64);

afterEach(() => {
  vi.unstubAllGlobals();
  useGameSettings.setState({ animations: true });
});

describe('limbo', () => {
  it('target and win chance update each other; the potential win follows', async () => {
    vi.stubGlobal('fetch', fakeOriginals({ serverSeed: SEED }).fetch);
    const user = userEvent.setup();
    renderWithApp(<LimboPage />);
    const target = screen.getByLabelText('Multiplicador alvo');
    const chance = screen.getByLabelText('Chance de vitória');
    expect(chance).toHaveValue('49,50');
    await user.clear(target);
    await user.type(target, '10');
    await user.tab();
    expect(chance).toHaveValue('9,90');
    expect(screen.getByTestId('potential-payout')).toHaveTextContent(/R\$\s10,00/);
    await user.clear(target);
    await user.type(target, '1.000.000');
    await user.tab();
    expect(chance).toHaveValue('0,0001');
    await user.clear(chance);
    await user.type(chance, '33');
    await user.tab();
    expect(target).toHaveValue('3,00');
    expect(chance).toHaveValue('33,00');
    expect(screen.queryByTestId('over-max-payout')).toBeNull();
    // A target whose win passes the maximum payout (R$ 100.000 here) is said before the tap.
    await user.clear(target);
    await user.type(target, '1.000.000');
    await user.tab();
    expect(await screen.findByTestId('over-max-payout')).toHaveTextContent(
      /Acima do pagamento máximo de R\$\s100\.000,00/,
    );
  });

  it("tells the exact RTP of the target: the declared 99% up to 100x, less at the rule's resolution limit", async () => {
    vi.stubGlobal('fetch', fakeOriginals({ serverSeed: SEED }).fetch);
    const user = userEvent.setup();
    renderWithApp(<LimboPage />);
    const target = screen.getByLabelText('Multiplicador alvo');
    expect(screen.getByTestId('choice-rtp')).toHaveTextContent('RTP exato desta aposta: 99,00%');
    await user.clear(target);
    await user.type(target, '1000000');
    await user.tab();
    // 2^24 equally likely results: a target of 1,000,000x wins on 16 of them, 16 x 10^6 / 2^24 = 95.37%.
    expect(screen.getByTestId('choice-rtp')).toHaveTextContent('RTP exato desta aposta: 95,37%');
    // A target out of range holds the bet: the last valid target's payout and RTP are not shown beside it.
    await user.clear(target);
    await user.type(target, '0,5');
    expect(await screen.findByText(/De 1,01× a/)).toBeInTheDocument();
    expect(screen.getByTestId('potential-payout')).toHaveTextContent('—');
    expect(screen.queryByTestId('choice-rtp')).toBeNull();
    // Nor does the stage, or the chance beside it, name a choice the bet will not have.
    expect(screen.getByTestId('limbo-target-line')).toHaveTextContent('Alvo —');
    expect(screen.getByLabelText('Chance de vitória')).toHaveValue('—');
    // Corrected, both come back.
    await user.clear(target);
    await user.type(target, '2');
    await user.tab();
    expect(screen.getByLabelText('Chance de vitória')).toHaveValue('49,50');
    expect(screen.getByTestId('limbo-target-line')).toHaveTextContent('Alvo 2,00×');
  });

  it('animations off: the choice is kept on the device, and the result still shows with the answer', async () => {
    const server = fakeOriginals({ serverSeed: SEED });
    vi.stubGlobal('fetch', server.fetch);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    const user = userEvent.setup();
    renderWithApp(<LimboPage />);
    const toggle = screen.getByRole('switch', { name: 'Animações' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(localStorage.getItem('ORIGINALS_ANIMATIONS')).toBe('off');

    await user.click(screen.getByTestId('bet-button'));
    const result = limboResult({ serverSeed: SEED, clientSeed: 'client-seed', nonce: 0 });
    await waitFor(() =>
      expect(screen.getByTestId('limbo-result')).toHaveTextContent(
        `${(result / 100).toFixed(2).replace('.', ',')}×`,
      ),
    );
    expect(screen.getByTestId('limbo-result').className).not.toMatch(/animate-/);
    // A new target typed after it: the result still reads against the target it was played at.
    await user.clear(screen.getByLabelText('Multiplicador alvo'));
    await user.type(screen.getByLabelText('Multiplicador alvo'), '990000');
    expect(screen.getByTestId('limbo-target-line')).toHaveTextContent('Alvo 2,00×');
  });

  it("the server's refusal of the payout goes once the target is changed, not only when the amount is", async () => {
    const server = fakeOriginals({ serverSeed: SEED });
    vi.stubGlobal('fetch', server.fetch);
    useSession.setState({ token: 'token-1', user: { uId: 1, balance: 100, freeBalance: 0 } as UserInfo });
    const user = userEvent.setup();
    renderWithApp(<LimboPage />);
    const refusal = 'Esta aposta pode pagar mais que o pagamento máximo de R$ 100.000,00';
    server.state.failNext = { status: 400, body: { status: 40000, message: refusal, data: null } };
    await user.click(screen.getByTestId('bet-button'));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    // An amount refused by the client's own check stays when the target changes; the server's refusal does not.
    await user.clear(screen.getByLabelText('Multiplicador alvo'));
    await user.type(screen.getByLabelText('Multiplicador alvo'), '3');
    await user.tab();
    expect(screen.queryByText(refusal)).toBeNull();
    await user.clear(screen.getByLabelText('Valor da aposta'));
    await user.type(screen.getByLabelText('Valor da aposta'), '0,01');
    await user.click(screen.getByTestId('bet-button'));
    const low = await screen.findByText(/aposta mínima/i);
    await user.clear(screen.getByLabelText('Multiplicador alvo'));
    await user.type(screen.getByLabelText('Multiplicador alvo'), '4');
    await user.tab();
    expect(low).toBeInTheDocument();
  });
});

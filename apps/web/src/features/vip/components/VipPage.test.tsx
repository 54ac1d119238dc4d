import type { BonusesAnswer, VipAnswer } from '@aposta/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { VipPage } from './VipPage';

const levels = Array.from({ length: 13 }, (_, level) => ({
  level,
  reward: level * 5,
  paySum: level * 100,
  gameSum: level === 12 ? null : 400 + level * 100,
  withdrawalsPerDay: level < 5 ? 1 : 2,
  withdrawFee: level < 5 ? 0.03 - level * 0.005 : 0,
  rewarded: level === 1,
}));

const vip: VipAnswer = {
  level: 1,
  levels,
  progress: { paySum: 250, gameSum: 1250, next: 2, needPaySum: 500, needGameSum: 500, pay: 0.5, game: 1 },
};
const bonuses: BonusesAnswer = {
  list: [
    {
      id: 7,
      currency: 'BRL',
      amount: 20,
      required: 40,
      wagered: 10,
      remaining: 30,
      progress: 0.25,
      maxConversion: 100,
      expiresAt: '2026-12-24T12:00:00.000Z',
      createdAt: '2026-11-24T12:00:00.000Z',
    },
  ],
  bonusBalance: 20,
  weights: { sports: 100 },
  sportsMinPrice: 1.5,
};

beforeEach(() => {
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    fakeFetch((url) => {
      if (url.includes('/promo/vip')) return { body: envelope(vip) };
      if (url.includes('/promo/bonuses')) return { body: envelope(bonuses) };
      return { body: envelope(null) };
    }).fn,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: '', user: null as never });
});

describe('VIP page', () => {
  it('shows the level, progress to the next, every level with its benefits and the active bonuses', async () => {
    useSession.setState({ token: 't', user: { uId: 1, balance: 100 } as never });
    renderWithApp(<VipPage />);
    expect(await screen.findByRole('heading', { name: 'Clube VIP' })).toBeInTheDocument();
    const current = await screen.findByTestId('vip-current');
    expect(within(current).getByText('VIP 1')).toBeInTheDocument();
    expect(within(current).getByText(/Para chegar ao VIP 2/)).toBeInTheDocument();
    // The promotions tab lands here: the other rewards are one tap away.
    for (const [name, href] of [
      ['Bônus escada', '/ladderBonus'],
      ['Bônus de jogo', '/gamebouns'],
      ['Recompensas de agente', '/agentJl'],
    ])
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    expect(screen.getByTestId('vip-progress-pay')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByTestId('vip-progress-pay-text')).toHaveTextContent(/R\$\s250,00 \/ R\$\s500,00/);
    expect(screen.getByTestId('vip-progress-game')).toHaveAttribute('aria-valuenow', '100');

    for (let l = 0; l < 13; l++) expect(screen.getByTestId(`vip-level-${l}`)).toBeInTheDocument();
    const one = screen.getByTestId('vip-level-1');
    expect(one).toHaveAttribute('aria-current', 'true');
    expect(within(one).getByText('Prêmio recebido')).toBeInTheDocument();
    expect(within(one).getByText(/R\$\s5,00/)).toBeInTheDocument();
    expect(within(one).getByText('2,5%')).toBeInTheDocument();
    expect(within(screen.getByTestId('vip-level-6')).getByText('0%')).toBeInTheDocument();

    expect(await screen.findByText(/Bônus de R\$\s20,00/)).toBeInTheDocument();
    expect(screen.getByTestId('bonus-progress-7')).toHaveAttribute('aria-valuenow', '25');
  });

  it('at the top level says so instead of showing progress bars', async () => {
    vip.level = 12;
    vip.progress = { ...vip.progress, next: null, pay: 1, game: 1 };
    try {
      useSession.setState({ token: 't', user: { uId: 1, balance: 100 } as never });
      renderWithApp(<VipPage />);
      expect(await screen.findByText('Você está no nível mais alto.')).toBeInTheDocument();
      expect(screen.queryByTestId('vip-progress-pay')).toBeNull();
    } finally {
      vip.level = 1;
      vip.progress = { ...vip.progress, next: 2, pay: 0.5 };
    }
  });

  it('asks a signed-out visitor to sign in', async () => {
    useSession.setState({ token: '', user: null as never });
    renderWithApp(<VipPage />);
    expect(await screen.findByText('Entre para ver o seu nível VIP e os seus bônus.')).toBeInTheDocument();
  });
});

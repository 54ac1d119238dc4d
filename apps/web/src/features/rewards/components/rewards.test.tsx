import type { BonusesAnswer, GameBonusAnswer, LadderAnswer } from '@aposta/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { AgentPage } from './AgentPage';
import { BonusPanel } from './BonusPanel';
import { GameBonusPage } from './GameBonusPage';

const tiers = (claimed: number[]): LadderAnswer['tiers'] =>
  [
    [1, 1, 10],
    [2, 3, 35],
    [3, 5, 70],
  ].map(([tier, invitees, reward]) => ({
    tier: tier!,
    invitees: invitees!,
    reward: reward!,
    reached: invitees! <= 3,
    claimed: claimed.includes(tier!),
  }));
const ladder = (claimed: number[] = []): LadderAnswer => ({
  validInvitees: 3,
  invitees: 4,
  minDeposit: 50,
  tiers: tiers(claimed),
  next: 3,
  available: true,
});
const game: GameBonusAnswer = {
  turnover: 40,
  bouns: 1,
  next: { bouns: 1.5, amount: 60 },
  missions: [
    { turnover: 100, bouns: 1.5, reached: false },
    { turnover: 500, bouns: 2, reached: false },
    { turnover: 2000, bouns: 3, reached: false },
  ],
  available: true,
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
const packages = [
  { pkgId: 40, price: 100, gift: 20, wager: 100, giftWager: 40, sort: 1, curreny: 'EXPPAY', selected: false },
  {
    pkgId: 41,
    price: 300,
    gift: 75,
    wager: 300,
    giftWager: 150,
    sort: 2,
    curreny: 'EXPPAY',
    selected: false,
  },
];

let claims: string[];
let claimAnswer: { status: number; body: unknown };

beforeEach(() => {
  queryClient.clear();
  claims = [];
  claimAnswer = { status: 200, body: envelope(ladder([2])) };
  vi.stubGlobal(
    'fetch',
    fakeFetch((url, init) => {
      if (url.includes('/promo/ladder/') && init.method === 'POST') {
        claims.push(url);
        return claimAnswer;
      }
      if (url.includes('/promo/ladder')) return { body: envelope(ladder()) };
      if (url.includes('/promo/gamebonus')) return { body: envelope(game) };
      if (url.includes('/promo/bonuses')) return { body: envelope(bonuses) };
      if (url.includes('getPrices')) return { body: envelope(packages) };
      return { body: envelope(null) };
    }).fn,
  );
  useSession.setState({ token: 't', user: { uId: 1, balance: 100 } as never });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: '', user: null as never });
  useUi.setState({ overlay: null });
});

describe('agent rewards and the ladder', () => {
  it('shows the rules, the valid invitees against the next tier and claims a reached tier', async () => {
    renderWithApp(<AgentPage />, '/agentJl');
    expect(await screen.findByRole('heading', { name: 'Recompensas de agente' })).toBeInTheDocument();
    expect(await screen.findByTestId('ladder-valid')).toHaveTextContent('3');
    expect(screen.getByText('Convidados diretos: 4')).toBeInTheDocument();
    expect(screen.getByTestId('ladder-next')).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByText('Convidados válidos que faltam para o nível 3: 2')).toBeInTheDocument();
    expect(screen.getByText(/depositou pelo menos R\$\s50,00/)).toBeInTheDocument();

    // Tier 3 is not reached: its button is locked.
    expect(
      within(screen.getByTestId('ladder-tier-3')).getByRole('button', { name: 'Bloqueado' }),
    ).toBeDisabled();
    await userEvent
      .setup()
      .click(within(screen.getByTestId('ladder-tier-2')).getByRole('button', { name: 'Resgatar' }));
    expect(claims).toEqual([expect.stringContaining('/api/app/promo/ladder/2/claim')]);
    expect(await within(screen.getByTestId('ladder-tier-2')).findByText('Resgatado')).toBeInTheDocument();
  });

  it('shows a refusal under the tier it concerns', async () => {
    claimAnswer = {
      status: 409,
      body: envelope(null, 40900, 'A recompensa deste nível já foi resgatada.'),
    };
    renderWithApp(<AgentPage variant="ladder" />, '/ladderBonus');
    expect(await screen.findByRole('heading', { name: 'Bônus escada', level: 1 })).toBeInTheDocument();
    const tier = await screen.findByTestId('ladder-tier-1');
    await userEvent.setup().click(within(tier).getByRole('button', { name: 'Resgatar' }));
    expect(await within(tier).findByRole('alert')).toHaveTextContent(
      'A recompensa deste nível já foi resgatada.',
    );
  });

  it('asks a visitor to sign in', async () => {
    useSession.setState({ token: '', user: null as never });
    renderWithApp(<AgentPage />, '/agentJl');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(useUi.getState().overlay).toBe('login');
  });
});

describe('game bonus', () => {
  it('shows the turnover, how much more unlocks the next multiple, the missions and the EXPPAY packages', async () => {
    renderWithApp(<GameBonusPage />, '/gamebouns');
    expect(await screen.findByTestId('game-bouns')).toHaveTextContent('1x');
    expect(screen.getByTestId('game-turnover')).toHaveTextContent(/R\$\s40,00/);
    expect(screen.getByText(/Aposte mais R\$\s60,00 para desbloquear 1,5x/)).toBeInTheDocument();
    expect(screen.getByTestId('game-next')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('game-mission-2')).toHaveTextContent(/Apostar R\$\s500,00/);
    expect(await screen.findByText(/Bônus R\$\s75,00 × 1 = R\$\s75,00/)).toBeInTheDocument();
    // The package tapped is the one the deposit opens with (R$ 300 here, not the default).
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Depositar' })[1]!);
    expect(useUi.getState()).toMatchObject({ overlay: 'bonusDeposit', depositPackage: 41 });
  });
});

describe('active bonus panel', () => {
  it('lists each bonus with its wagering progress and what a withdrawal does', async () => {
    renderWithApp(<BonusPanel />, '/conta');
    const bonus = await screen.findByTestId('active-bonus-7');
    expect(within(bonus).getByText(/Bônus de R\$\s20,00/)).toBeInTheDocument();
    expect(screen.getByTestId('active-bonus-progress-7')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('active-bonus-progress-7-text')).toHaveTextContent(/R\$\s10,00 \/ R\$\s40,00/);
    expect(within(bonus).getByText(/no máximo R\$\s100,00/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/o bônus fica na conta/);
  });
});

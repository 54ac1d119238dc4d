import { RG_KINDS, RG_PERIODS, type RgLimits } from '@aposta/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { RealityCheck } from './RealityCheck';
import { ResponsibleGamingPage } from './ResponsibleGamingPage';

function limits(patch: Partial<RgLimits> = {}): RgLimits {
  const periods = () =>
    Object.fromEntries(
      RG_PERIODS.map((p) => [p, { value: null, used: 0, pending: null }]),
    ) as RgLimits['loss'];
  const base = Object.fromEntries(RG_KINDS.map((k) => [k, periods()])) as Pick<RgLimits, 'loss'>;
  return {
    ...(base as RgLimits),
    realityCheckMinutes: null,
    exclusion: null,
    nationalSelfExclusionUrl: 'https://www.gov.br/fazenda/pt-br/assuntos/apostas',
    ...patch,
  };
}

let current: RgLimits;
let fetcher: ReturnType<typeof fakeFetch>;
let refusal: { status: number; body: unknown } | null;

beforeEach(() => {
  queryClient.clear();
  current = limits({
    loss: {
      day: { value: 50, used: 12.5, pending: { value: 80, effectiveAt: '2026-11-25T19:00:00.000Z' } },
      week: { value: null, operatorValue: 30, used: 12.5, pending: null },
      month: { value: null, used: 12.5, pending: null },
    },
  });
  refusal = null;
  fetcher = fakeFetch((url, init) => {
    if (url.includes('/rg/limits') && init.method === 'PUT') {
      if (refusal) return refusal;
      return { body: envelope(current) };
    }
    if (url.includes('/rg/limits')) return { body: envelope(current) };
    if (url.includes('/rg/exclusion'))
      return {
        body: envelope({
          kind: 'cooloff',
          startsAt: '2026-11-24T19:00:00.000Z',
          endsAt: '2026-12-01T19:00:00.000Z',
        }),
      };
    if (url.includes('/rg/session'))
      return {
        body: envelope({
          since: '2026-11-24T18:00:00.000Z',
          minutesPlayed: 62,
          netResult: -37.5,
          staked: 120,
          realityCheckMinutes: 30,
        }),
      };
    return { body: envelope(null) };
  });
  vi.stubGlobal('fetch', fetcher.fn);
  useSession.setState({ token: 't', user: { uId: 1, balance: 100 } as never });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const bodies = (part: string) =>
  fetcher.calls
    .filter((c) => c.url.includes(part) && c.init.method !== 'GET')
    .map((c) => JSON.parse(String(c.init.body)));

describe('responsible gaming page', () => {
  it('shows each limit, its use, an operator’s limit and a raise waiting for its 24 hours; saves only what changed', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    expect(await screen.findByText(/Passa a R\$\s80,00 em/)).toBeInTheDocument();
    expect(screen.getByTestId('operator-limit')).toHaveTextContent(
      /^Limite definido pela operadora: R\$\s30,00$/,
    );
    const daily = screen.getByLabelText('Perdas · Por dia');
    expect(daily).toHaveValue('50');
    expect(screen.getAllByText(/Usado: R\$\s12,50/)).toHaveLength(3);

    await user.type(screen.getByLabelText('Apostas · Por semana'), '200,50');
    await user.clear(daily);
    await user.type(screen.getByLabelText(/Lembrete de tempo de jogo/), '30');
    await user.click(screen.getByRole('button', { name: 'Salvar limites' }));
    await waitFor(() => expect(bodies('/rg/limits')).toHaveLength(1));
    expect(bodies('/rg/limits')[0]).toEqual({
      loss: { day: null },
      stake: { week: 200.5 },
      realityCheckMinutes: 30,
    });
    expect(await screen.findByText('Limites salvos')).toBeInTheDocument();
  });

  it('refuses a negative amount before asking, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    await screen.findByText(/Passa a/);
    await user.type(screen.getByLabelText('Depósitos · Por mês'), '-5');
    await user.type(screen.getByLabelText('Apostas · Por dia'), '1.2.3');
    await user.click(screen.getByRole('button', { name: 'Salvar limites' }));
    // Each wrong value marked on its own field, the first one focused.
    const month = screen.getByLabelText('Depósitos · Por mês');
    await waitFor(() => expect(month).toHaveAccessibleDescription('Use apenas números positivos'));
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(month).toHaveFocus();
    expect(screen.getByLabelText('Apostas · Por dia')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Depósitos · Por dia')).not.toHaveAttribute('aria-invalid');
    expect(bodies('/rg/limits')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Apostas · Por dia'));
    expect(screen.getByLabelText('Apostas · Por dia')).not.toHaveAttribute('aria-invalid');

    refusal = { status: 400, body: envelope(null, 40000, 'Limite grande demais') };
    await user.clear(screen.getByLabelText('Depósitos · Por mês'));
    await user.type(screen.getByLabelText('Depósitos · Por mês'), '5');
    await user.click(screen.getByRole('button', { name: 'Salvar limites' }));
    expect(await screen.findByText('Limite grande demais')).toBeInTheDocument();

    // Above the operator's limit: the server's refusal, as it words it.
    const above = 'A operadora definiu este limite em R$ 30,00: o seu não pode ser maior';
    refusal = {
      status: 400,
      body: envelope({ kind: 'loss', period: 'week', operatorValue: 30 }, 40000, above),
    };
    await user.type(screen.getByLabelText('Perdas · Por semana'), '40');
    await user.click(screen.getByRole('button', { name: 'Salvar limites' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Perdas · Por semana')).toHaveAccessibleDescription(above),
    );
  });

  it('a cool-off needs a confirmation, then signs this device out', async () => {
    const user = userEvent.setup();
    const onExcluded = vi.fn();
    renderWithApp(<ResponsibleGamingPage onExcluded={onExcluded} />);
    await screen.findByText(/Passa a/);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('pausada por 7 dias');
    expect(bodies('/rg/exclusion')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onExcluded).toHaveBeenCalledOnce());
    expect(bodies('/rg/exclusion')).toEqual([{ kind: 'cooloff', days: 7 }]);
  });

  it('a permanent self-exclusion sends no days; the national platform is linked', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    await screen.findByText(/Passa a/);
    expect(screen.getByRole('link', { name: 'Plataforma nacional de autoexclusão' })).toHaveAttribute(
      'href',
      'https://www.gov.br/fazenda/pt-br/assuntos/apostas',
    );
    await user.click(screen.getByLabelText('Autoexclusão'));
    await user.selectOptions(screen.getByLabelText('Duração da autoexclusão'), 'Permanente');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('autoexcluída (Permanente)');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(bodies('/rg/exclusion')).toEqual([{ kind: 'self' }]));
  });

  it('links the national platform the server answers (an operator changed the setting)', async () => {
    current = limits({ nationalSelfExclusionUrl: 'https://autoexclusao.example.gov.br/inicio' });
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Plataforma nacional de autoexclusão' })).toHaveAttribute(
        'href',
        'https://autoexclusao.example.gov.br/inicio',
      ),
    );
  });
});

describe('reality check', () => {
  it('every N minutes shows the time played and the net result since sign-in', async () => {
    current = limits({ realityCheckMinutes: 30 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onStop = vi.fn();
    renderWithApp(<RealityCheck onStop={onStop} onLimits={() => {}} />);
    await waitFor(() => expect(fetcher.calls.some((c) => c.url.includes('/rg/limits'))).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30 * 60_000);
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(
      /Você está jogando há 62 minutos\. Resultado desde a entrada: -R\$\s37,50\./,
    );
    await act(async () => {
      screen.getByRole('button', { name: 'Sair' }).click();
    });
    expect(onStop).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('without an interval, never shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<RealityCheck onStop={() => {}} onLimits={() => {}} />);
    await waitFor(() => expect(fetcher.calls.some((c) => c.url.includes('/rg/limits'))).toBe(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4 * 60 * 60_000);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetcher.calls.some((c) => c.url.includes('/rg/session'))).toBe(false);
  });
});

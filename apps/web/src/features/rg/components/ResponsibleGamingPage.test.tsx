import { RG_KINDS, RG_PERIODS, type RgExclusion, type RgLimits } from '@aposta/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { excluded } from '../../../app/flows';
import { displayDateTime } from '../../../lib/format';
import { setNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { limitsKey } from '../api/rg';
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
let exclusionRefusal: { status: number; body: unknown } | null;
let sessionSince: string;
const cooloff: RgExclusion = {
  kind: 'cooloff',
  startsAt: '2026-11-24T19:00:00.000Z',
  endsAt: '2026-12-01T19:00:00.000Z',
};

beforeEach(() => {
  queryClient.clear();
  current = limits({
    bets: {
      day: { value: 20, used: 1234, pending: null },
      week: { value: null, used: 1234, pending: null },
      month: { value: null, used: 1234, pending: null },
    },
    loss: {
      day: { value: 50, used: 12.5, pending: { value: 80, effectiveAt: '2026-11-25T19:00:00.000Z' } },
      week: { value: null, operatorValue: 30, used: 12.5, pending: null },
      month: { value: null, used: 12.5, pending: null },
    },
  });
  refusal = null;
  exclusionRefusal = null;
  sessionSince = '2026-11-24T18:00:00.000Z';
  fetcher = fakeFetch((url, init) => {
    if (url.includes('/rg/limits') && init.method === 'PUT') {
      if (refusal) return refusal;
      return { body: envelope(current) };
    }
    if (url.includes('/rg/limits')) return { body: envelope(current) };
    if (url.includes('/rg/exclusion')) return exclusionRefusal ?? { body: envelope(cooloff) };
    if (url.includes('/rg/session'))
      return {
        body: envelope({
          since: sessionSince,
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
    // Bets are counted, not money.
    expect(screen.getByLabelText('Número de apostas · Por dia')).toHaveValue('20');
    expect(screen.getAllByText('Usado: 1.234')).toHaveLength(3);

    await user.type(screen.getByLabelText('Valor apostado · Por semana'), '200,50');
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
    await user.type(screen.getByLabelText('Valor apostado · Por dia'), '1.2.3');
    await user.click(screen.getByRole('button', { name: 'Salvar limites' }));
    // Each wrong value marked on its own field, the first one focused.
    const month = screen.getByLabelText('Depósitos · Por mês');
    await waitFor(() => expect(month).toHaveAccessibleDescription('Use apenas números positivos'));
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(month).toHaveFocus();
    expect(screen.getByLabelText('Valor apostado · Por dia')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Depósitos · Por dia')).not.toHaveAttribute('aria-invalid');
    expect(bodies('/rg/limits')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Valor apostado · Por dia'));
    expect(screen.getByLabelText('Valor apostado · Por dia')).not.toHaveAttribute('aria-invalid');

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

  it('says what is wrong with a limit or the reminder when the field is left, before any tap on save', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    await screen.findByText(/Passa a/);
    const month = screen.getByLabelText('Depósitos · Por mês');
    await user.type(month, '-5');
    expect(month).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(month).toHaveAccessibleDescription('Use apenas números positivos');
    // A right value and a field left untouched are not marked.
    const day = screen.getByLabelText('Depósitos · Por dia');
    await user.type(day, '100');
    await user.click(screen.getByLabelText('Depósitos · Por semana'));
    await user.tab();
    expect(day).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Depósitos · Por semana')).not.toHaveAttribute('aria-invalid');
    const reminder = screen.getByLabelText(/lembrete/i);
    await user.type(reminder, '3');
    await user.tab();
    expect(reminder).toHaveAttribute('aria-invalid', 'true');
    expect(bodies('/rg/limits')).toHaveLength(0);
  });

  it('a cool-off needs a confirmation, then signs this device out', async () => {
    const user = userEvent.setup();
    const onExcluded = vi.fn();
    renderWithApp(<ResponsibleGamingPage onExcluded={onExcluded} />);
    await screen.findByText(/Passa a/);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('pausada por 7 dia(s)');
    expect(bodies('/rg/exclusion')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onExcluded).toHaveBeenCalledOnce());
    expect(onExcluded).toHaveBeenCalledWith(cooloff);
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

describe('responsible gaming page: what the tester found', () => {
  const save = () => screen.getByRole('button', { name: 'Salvar limites' });

  it('keeps the form shut until the limits load, then sends only the fields the player edited', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).includes('/rg/limits') && init.method !== 'PUT') await gate;
      return fetcher.fn(input, init);
    });
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    const stakeWeek = screen.getByLabelText('Valor apostado · Por semana');
    expect(stakeWeek).toBeDisabled();
    expect(screen.getByLabelText(/Lembrete de tempo de jogo/)).toBeDisabled();
    expect(save()).toBeDisabled();
    await user.type(stakeWeek, '200');
    expect(stakeWeek).toHaveValue('');

    release();
    await waitFor(() => expect(screen.getByLabelText('Perdas · Por dia')).toHaveValue('50'));
    expect(screen.queryByText('Carregando…')).toBeNull();
    await user.click(save());
    expect(await screen.findByText('Nenhuma alteração para salvar')).toBeInTheDocument();

    await user.type(stakeWeek, '200');
    // Meanwhile the limits change (another device): a field not edited shows them, and is not sent back.
    act(() => {
      queryClient.setQueryData(limitsKey('t'), {
        ...current,
        deposit: { ...current.deposit, day: { value: 20, used: 0, pending: null } },
      });
    });
    await waitFor(() => expect(screen.getByLabelText('Depósitos · Por dia')).toHaveValue('20'));
    expect(stakeWeek).toHaveValue('200');
    await user.click(save());
    await waitFor(() => expect(bodies('/rg/limits')).toHaveLength(1));
    expect(bodies('/rg/limits')[0]).toEqual({ stake: { week: 200 } });
    expect(await screen.findByText('Limites salvos')).toBeInTheDocument();
  });

  it('the reminder takes whole minutes from 5 to 240, or empty to turn it off; anything else stays on its field', async () => {
    current = limits({ realityCheckMinutes: 30 });
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    const field = screen.getByLabelText(/Lembrete de tempo de jogo/);
    await waitFor(() => expect(field).toHaveValue('30'));
    for (const text of ['10 minutos', 'abc', '4', '241', '7,5']) {
      await user.clear(field);
      await user.type(field, text);
      await user.click(save());
      await waitFor(() =>
        expect(field).toHaveAccessibleDescription(
          'Use minutos inteiros, de 5 a 240, ou deixe vazio para desligar',
        ),
      );
      expect(field).toHaveFocus();
    }
    expect(bodies('/rg/limits')).toHaveLength(0);
    expect(screen.queryByText('Limites salvos')).toBeNull();

    await user.clear(field);
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(save());
    await waitFor(() => expect(bodies('/rg/limits')).toEqual([{ realityCheckMinutes: null }]));
    await screen.findByText('Limites salvos');
    await user.clear(field);
    await user.type(field, '45');
    await user.click(save());
    await waitFor(() => expect(bodies('/rg/limits')[1]).toEqual({ realityCheckMinutes: 45 }));
  });

  it('reads amounts as money and minutes as whole numbers; above the maximum, its field names the maximum', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    await screen.findByText(/Passa a/);
    const typed = {
      'Depósitos · Por dia': 'R$ 2 mil',
      'Depósitos · Por semana': '1.000.000,01',
      'Depósitos · Por mês': '1.000.000.000.000',
      'Valor apostado · Por dia': '1O0',
      'Tempo de jogo (minutos) · Por dia': '1441',
      'Tempo de jogo (minutos) · Por semana': '2,5',
      'Tempo de jogo (minutos) · Por mês': '50000',
      // A number of bets: whole, from 1 to 100.000.
      'Número de apostas · Por mês': '2,5',
      'Número de apostas · Por semana': '100001',
    };
    for (const [label, text] of Object.entries(typed)) await user.type(screen.getByLabelText(label), text);
    await user.click(save());
    const described = (label: string, text: string | RegExp) =>
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(text);
    await waitFor(() => described('Depósitos · Por dia', 'Use apenas números positivos'));
    expect(screen.getByLabelText('Depósitos · Por dia')).toHaveFocus();
    described('Depósitos · Por semana', /^Valor acima do máximo de R\$\s1\.000\.000,00$/);
    described('Depósitos · Por mês', /^Valor acima do máximo de R\$\s1\.000\.000,00$/);
    described('Valor apostado · Por dia', 'Use apenas números positivos');
    described('Tempo de jogo (minutos) · Por dia', 'Use minutos inteiros, de 1 a 1.440');
    described('Tempo de jogo (minutos) · Por semana', 'Use minutos inteiros, de 1 a 10.080');
    described('Tempo de jogo (minutos) · Por mês', 'Use minutos inteiros, de 1 a 44.640');
    described('Número de apostas · Por mês', 'Use um número inteiro, de 1 a 100.000');
    described('Número de apostas · Por semana', 'Use um número inteiro, de 1 a 100.000');
    expect(bodies('/rg/limits')).toHaveLength(0);

    for (const label of Object.keys(typed)) await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText('Depósitos · Por dia'), 'R$ 1.234,56');
    await user.type(screen.getByLabelText('Depósitos · Por semana'), '1.000.000');
    await user.type(screen.getByLabelText('Tempo de jogo (minutos) · Por dia'), '90');
    await user.type(screen.getByLabelText('Número de apostas · Por semana'), '100000');
    await user.click(save());
    await waitFor(() => expect(bodies('/rg/limits')).toHaveLength(1));
    expect(bodies('/rg/limits')[0]).toEqual({
      deposit: { day: 1234.56, week: 1_000_000 },
      time: { day: 90 },
      bets: { week: 100_000 },
    });
  });

  it('says when a shorter period’s limit is above a longer one’s (it never binds), from what is typed or in force', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    await screen.findByText(/Passa a/);
    expect(screen.queryByTestId('rg-overlap-deposit')).toBeNull();
    await user.type(screen.getByLabelText('Depósitos · Por dia'), '500');
    await user.type(screen.getByLabelText('Depósitos · Por semana'), '200');
    expect(screen.getByTestId('rg-overlap-deposit')).toHaveTextContent(
      'O limite por dia está acima do limite por semana: vale o menor, o semanal.',
    );
    await user.clear(screen.getByLabelText('Depósitos · Por semana'));
    await user.type(screen.getByLabelText('Depósitos · Por semana'), '600');
    expect(screen.queryByTestId('rg-overlap-deposit')).toBeNull();
    // The limit in force counts too: losses of R$ 50 a day, R$ 40 typed for the month.
    await user.type(screen.getByLabelText('Perdas · Por mês'), '40');
    expect(screen.getByTestId('rg-overlap-loss')).toHaveTextContent(
      'O limite por dia está acima do limite por mês: vale o menor, o mensal.',
    );
  });

  it('a raise or a removal waiting for its 24 hours can be cancelled: the limit in force is sent again', async () => {
    current = limits({
      loss: {
        day: { value: 50, used: 0, pending: { value: 80, effectiveAt: '2026-11-25T19:00:00.000Z' } },
        week: { value: null, used: 0, pending: null },
        month: { value: null, used: 0, pending: null },
      },
      deposit: {
        day: { value: null, used: 0, pending: null },
        week: { value: null, used: 0, pending: null },
        month: { value: 100, used: 0, pending: { value: null, effectiveAt: '2026-11-25T19:00:00.000Z' } },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    expect(await screen.findByText(/Passa a sem limite em/)).toBeInTheDocument();
    const daily = screen.getByLabelText('Perdas · Por dia');
    await user.clear(daily);
    await user.type(daily, '90');

    // The server cancels the pending change: it answers the limit alone.
    current = { ...current, loss: { ...current.loss, day: { value: 50, used: 0, pending: null } } };
    await user.click(screen.getByRole('button', { name: 'Cancelar alteração · Perdas · Por dia' }));
    await waitFor(() => expect(bodies('/rg/limits')).toEqual([{ loss: { day: 50 } }]));
    expect(
      await screen.findByText('Alteração cancelada: o limite atual continua valendo'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Passa a R\$\s80,00/)).toBeNull();
    expect(daily).toHaveValue('50');
    expect(daily).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cancelar alteração · Depósitos · Por mês' }));
    await waitFor(() => expect(bodies('/rg/limits')[1]).toEqual({ deposit: { month: 100 } }));
  });

  it('with money in the account, the confirmation says it cannot be withdrawn during the pause, what a self-exclusion does with it, and offers it now', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    await screen.findByText(/Passa a/);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      /Você tem R\$\s100,00 na conta\. Durante a pausa não será possível entrar para sacar: se quiser, saque antes de confirmar\./,
    );
    await user.click(screen.getByRole('button', { name: 'Sacar agora' }));
    expect(useUi.getState().overlay).toBe('withdraw');

    await user.click(screen.getByLabelText('Autoexclusão'));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    // Unverified, nothing can be sent to the player during a self-exclusion: withdraw before, or it waits.
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      /Durante a autoexclusão não será possível entrar para sacar: se quiser, saque antes de confirmar\./,
    );
    // With a verified CPF, what is left is sent to it (180 days or more without signing in).
    act(() => useSession.setState({ user: { uId: 1, balance: 100, kyc: 1 } as never }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      /Durante a autoexclusão não será possível entrar: depois da nossa análise, enviamos o valor por PIX para a chave do seu próprio CPF verificado\./,
    );

    act(() => useSession.setState({ user: { uId: 1, balance: 0 } as never }));
    expect(screen.queryByRole('button', { name: 'Sacar agora' })).toBeNull();
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent(/sacar/);

    // Until the server has told the balance, the offer stands, with no figure from a past visit.
    act(() => useSession.setState({ user: { uId: 1, balance: 0, kyc: 1 } as never, balanceStale: true }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(/Você tem R\$ — na conta\./);
    expect(screen.getByRole('button', { name: 'Sacar agora' })).toBeInTheDocument();
  });

  it('after a pause, says until when before signing this device out and going home', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={excluded} />);
    await screen.findByText(/Passa a/);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    const until = displayDateTime(cooloff.endsAt!, 'pt_BR');
    expect(
      await screen.findByText(
        `Sua conta está pausada até ${until}. Você foi desconectado em todos os aparelhos.`,
      ),
    ).toBeInTheDocument();
    expect(useSession.getState().token).toBe('t');
    expect(navigate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Eu entendi' }));
    await waitFor(() => expect(useSession.getState().token).toBe(''));
    expect(navigate).toHaveBeenCalledWith('/home', undefined);
    expect(useUi.getState().overlay).toBe('login');

    // A self-exclusion, for a time and for good.
    act(() => void excluded({ ...cooloff, kind: 'self' }));
    expect(await screen.findByText(/^Sua conta está autoexcluída até /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eu entendi' }));
    act(() => void excluded({ ...cooloff, kind: 'self', endsAt: null }));
    expect(
      await screen.findByText(
        'Sua conta está autoexcluída permanentemente. Você foi desconectado em todos os aparelhos.',
      ),
    ).toBeInTheDocument();
  });

  it('a cool-off takes 1 to 42 whole days: anything else stays on the field, with no confirmation', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResponsibleGamingPage onExcluded={() => {}} />);
    await screen.findByText(/Passa a/);
    const field = screen.getByLabelText('Dias de pausa');
    for (const text of ['😀', '-3', '', '0', '43', '2,5']) {
      await user.clear(field);
      if (text) await user.type(field, text);
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(field).toHaveAccessibleDescription('A pausa vai de 1 a 42 dias');
      expect(field).toHaveFocus();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    }
    expect(bodies('/rg/exclusion')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '42');
    expect(field).not.toHaveAttribute('aria-invalid');
    exclusionRefusal = { status: 400, body: envelope(null, 40000, 'Tente de novo mais tarde') };
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('pausada por 42 dia(s)');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Tente de novo mais tarde')).toBeInTheDocument();
    // Asking again starts clean: the earlier refusal is gone.
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.queryByText('Tente de novo mais tarde')).toBeNull();
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

  it('counts from the session’s sign-in, not the page’s load: 9 minutes in, a 10-minute check comes in 1', async () => {
    current = limits({ realityCheckMinutes: 10 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionSince = new Date(Date.now() - 9 * 60_000).toISOString();
    renderWithApp(<RealityCheck onStop={() => {}} onLimits={() => {}} />);
    await waitFor(() => expect(fetcher.calls.some((c) => c.url.endsWith('/rg/session'))).toBe(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50_000);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
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

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import { setUser, useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, renderWithApp } from '../../../test/render';
import { TransferPage } from './TransferPage';

type Answer = 'ok' | 'lost' | 'refused';
let answers: Answer[];
let sent: { body: unknown; key: string }[];
/** The receiver check's answers, in order: an envelope and its HTTP status (default: the masked name). */
let checks: { status: number; body: unknown }[];
let checked: unknown[];

function stub() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.includes('/wallet/transfer/check')) {
      checked.push(JSON.parse(String(init.body)));
      const answer = checks.shift() ?? { status: 200, body: envelope({ name: 'An* S****' }) };
      return Response.json(answer.body, { status: answer.status });
    }
    if (url.includes('/wallet/transfer')) {
      sent.push({
        body: JSON.parse(String(init.body)),
        key: (init.headers as Record<string, string>)['Idempotency-Key']!,
      });
      const answer = answers.shift() ?? 'ok';
      if (answer === 'lost') throw new TypeError('Failed to fetch');
      if (answer === 'refused')
        return Response.json(envelope(null, 40400, 'Usuário não encontrado'), { status: 404 });
      return Response.json(
        envelope({ id: '1', username: 'ana@example.com', amount: 12.5, currency: 'BRL', time: '' }),
      );
    }
    return Response.json(envelope({ ...useSession.getState().user, balance: 87.5 }));
  });
}

beforeEach(() => {
  answers = [];
  sent = [];
  checks = [];
  checked = [];
  useUi.setState({ overlay: null, alerts: [] });
  useSession.setState({ token: 't', user: { uId: 1, balance: 100 } as never });
  // The licence profile the server answered (GET /api/app/rg/profile): the spec's unless a test says br.
  queryClient.setQueryData(['rgProfile'], { jurisdiction: 'default', nationalSelfExclusionUrl: '' });
  stub();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndReview(
  user: ReturnType<typeof userEvent.setup>,
  username = 'Ana@Example.com',
  amount = '12,50',
) {
  await user.type(screen.getByLabelText('Usuário que recebe (e-mail)'), username);
  await user.type(screen.getByLabelText('Valor da transferência'), amount);
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
}

describe('transfer screen', () => {
  it('shows no stored balance as available until the server answers it', async () => {
    useSession.setState({ balanceStale: true });
    renderWithApp(<TransferPage />);
    const available = await screen.findByText(/Saldo disponível/);
    expect(available).toHaveTextContent('Saldo disponível: R$ —');
    expect(available).toHaveAttribute('aria-busy', 'true');
    act(() => setUser({ ...useSession.getState().user!, balance: 87.5 }));
    expect(available.textContent!.replace(/\u00a0/g, ' ')).toBe('Saldo disponível: R$ 87,50');
    expect(available).toHaveAttribute('aria-busy', 'false');
  });

  it('asks for the user and a valid amount before the confirmation step', async () => {
    const user = userEvent.setup();
    renderWithApp(<TransferPage />);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    // Each message under the field it concerns, not in a modal.
    expect(screen.getByLabelText('Usuário que recebe (e-mail)')).toHaveAccessibleDescription(
      'Digite o usuário da transferência',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await fillAndReview(user, 'ana@example.com', '0');
    expect(screen.getByLabelText('Usuário que recebe (e-mail)')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Valor da transferência')).toHaveAccessibleDescription(
      'Digite o valor da transferência',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // A third decimal is no amount: said so, not as a missing one.
    await user.clear(screen.getByLabelText('Valor da transferência'));
    await user.type(screen.getByLabelText('Valor da transferência'), '0,001');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByLabelText('Valor da transferência')).toHaveAccessibleDescription(
      'Valor inválido: use no máximo 2 casas decimais, como 10,50',
    );
    expect(sent).toHaveLength(0);
  });

  it('confirms, then sends once with an Idempotency-Key; the balance is refreshed', async () => {
    const user = userEvent.setup();
    renderWithApp(<TransferPage />);
    await fillAndReview(user);
    expect(await screen.findByRole('heading', { name: 'Confirmar transferência' })).toBeInTheDocument();
    // The receiver was checked first, with the body the transfer will send; the confirm step names them.
    expect(checked).toEqual([{ username: 'ana@example.com', amount: 12.5 }]);
    expect(screen.getByTestId('transfer-receiver').textContent).toBe('An* S****ana@example.com');
    expect(screen.getByText('Para')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Transferir' }));
    expect((await screen.findByText(/concluída/)).textContent).toMatch(
      /^Transferência de R\$\s12,50 para ana@example\.com concluída$/,
    );
    expect(sent).toEqual([
      { body: { username: 'ana@example.com', amount: 12.5 }, key: expect.stringMatching(/^[\w.:-]{8,128}$/) },
    ]);
    await waitFor(() => expect(useSession.getState().user?.balance).toBe(87.5));
  });

  it('a retry after a lost answer reuses the key; a changed submission gets a new one', async () => {
    answers = ['lost', 'ok'];
    const user = userEvent.setup();
    renderWithApp(<TransferPage />);
    await fillAndReview(user);
    await user.click(screen.getByRole('button', { name: 'Transferir' }));
    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText(/concluída/);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);

    answers = ['refused'];
    await user.click(screen.getByRole('button', { name: 'Nova transferência' }));
    await fillAndReview(user);
    await user.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    // A refusal ends the submission: back to the form, with the server's message beside the receiver.
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Usuário que recebe (e-mail)')).toHaveAccessibleDescription(
        'Usuário não encontrado',
      ),
    );
    expect(useUi.getState().alerts).toEqual([]);
  });

  it.each([
    [
      'an unknown receiver',
      404,
      40400,
      'Usuário indisponível para transferência',
      'Usuário que recebe (e-mail)',
    ],
    [
      'too many receivers looked up',
      429,
      42900,
      'Limite de consultas atingido',
      'Usuário que recebe (e-mail)',
    ],
    ['an amount over the balance', 409, 9999, 'Você pode transferir até R$ 40,00', 'Valor da transferência'],
    ['an amount under the minimum', 400, 40000, 'Transferência mínima de R$ 10,00', 'Valor da transferência'],
  ])(
    'refuses %s before the confirm step, beside the field it concerns',
    async (_, httpStatus, status, message, field) => {
      checks = [{ status: httpStatus, body: envelope(null, status, message) }];
      const user = userEvent.setup();
      renderWithApp(<TransferPage />);
      await fillAndReview(user);
      await waitFor(() => expect(screen.getByLabelText(field)).toHaveAccessibleDescription(message));
      expect(screen.queryByRole('heading', { name: 'Confirmar transferência' })).toBeNull();
      expect(sent).toHaveLength(0);
      // Shown in the form only: no modal, and an over-balance amount does not open the deposit overlay.
      expect(useUi.getState().alerts).toEqual([]);
      expect(useUi.getState().overlay).toBeNull();
      // Editing the field clears its message.
      await user.type(screen.getByLabelText(field), '0');
      expect(screen.getByLabelText(field)).not.toHaveAccessibleDescription(message);
    },
  );

  it('a transfer to oneself is refused beside the receiver, as the server names it', async () => {
    const message = 'Não é possível transferir para si mesmo';
    checks = [{ status: 400, body: envelope({ field: 'username' }, 40000, message) }];
    const user = userEvent.setup();
    renderWithApp(<TransferPage />);
    await fillAndReview(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Usuário que recebe (e-mail)')).toHaveAccessibleDescription(message),
    );
    expect(screen.getByLabelText('Valor da transferência')).not.toHaveAccessibleDescription(message);
  });

  it('a refusal about the sender (KYC) shows above the button', async () => {
    checks = [{ status: 403, body: envelope(null, 40300, 'Conclua a verificação de identidade') }];
    const user = userEvent.setup();
    renderWithApp(<TransferPage />);
    await fillAndReview(user);
    expect(await screen.findByText('Conclua a verificação de identidade')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirmar transferência' })).toBeNull();
    expect(useUi.getState().alerts).toEqual([]);
  });

  it('under the Brazilian profile says transfers are not available and shows no form', async () => {
    queryClient.setQueryData(['rgProfile'], { jurisdiction: 'br', nationalSelfExclusionUrl: '' });
    renderWithApp(<TransferPage />);
    expect(screen.getByRole('heading', { name: 'Transferências não disponíveis' })).toBeInTheDocument();
    expect(screen.getByText(/não permite enviar saldo a outro jogador/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a conta' })).toHaveAttribute('href', '/conta');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
  });
});

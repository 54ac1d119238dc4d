import type { GetWithdrawAnswer } from '@aposta/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query';
import { setUser, useSession } from '../../../lib/session';
import { dismissAlert, useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { WithdrawPanel } from './WithdrawPanel';

const CPF = '52998224725';
let limits: GetWithdrawAnswer;
let navigations: string[];

function stub() {
  const f = fakeFetch((url) => {
    if (url.includes('/getWithdraw')) return { body: envelope(limits) };
    if (url.includes('/order/withdraw'))
      return { body: envelope({ orderId: 'W1' }, 0, 'Solicitação de saque bem-sucedida!') };
    if (url.includes('/userInfo')) return { body: envelope({ ...useSession.getState().user, balance: 50 }) };
    return { status: 404, body: envelope(null, 40400, 'no') };
  });
  vi.stubGlobal('fetch', f.fn);
  return f.calls;
}

/** The alert on screen, then confirmed. */
async function alerted() {
  const alert = await screen.findByRole('alertdialog');
  const text = alert.textContent!.replace(/\u00a0/g, ' ').replace('Eu entendi', '');
  dismissAlert(useUi.getState().alerts[0]!.id);
  return text;
}

beforeEach(() => {
  navigations = [];
  setNavigator((to) => navigations.push(to));
  limits = {
    limitAmount: 50,
    number: 2,
    lock: false,
    wdAmount: 80,
    wagerDue: 0,
    usdtRate: 5.5,
    serviceAmount: 0.03,
    maxAmount: 10_000,
    cardInfo: { CPF: { ifsc: CPF, payCardNo: CPF, name: 'Maria', whatsapp: '' } },
  };
  useSession.setState({
    token: 't',
    user: { uId: 1, balance: 100, freeBalance: 0, kyc: 1, lx: '' } as never,
  });
  useUi.setState({ overlay: 'withdraw' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function open() {
  const user = userEvent.setup();
  renderWithApp(<WithdrawPanel />);
  await screen.findByText(/Saques restantes hoje: 2/);
  return user;
}

describe('withdrawal tab', () => {
  it.each([
    [
      'a game bill is being produced',
      { lock: true },
      '70',
      'Sua fatura do jogo está sendo gerada, por favor, tente novamente mais tarde',
    ],
    [
      'no withdrawals left today',
      { number: 0 },
      '70',
      'Número de retiradas restantes hoje 0, tente novamente amanhã。',
    ],
    ['nothing is withdrawable', { wdAmount: 0 }, '70', 'Sem valor de levantamento'],
  ])('refuses when %s, with the spec message', async (_, patch, amount, message) => {
    const calls = stub();
    limits = { ...limits, ...patch, number: (patch as Partial<GetWithdrawAnswer>).number ?? 2 };
    const user = userEvent.setup();
    renderWithApp(<WithdrawPanel />);
    await waitFor(() => expect(calls.some((c) => c.url.includes('/getWithdraw'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('withdraw-submit')).toBeEnabled());
    if (amount) await user.type(screen.getByLabelText('Valor do saque'), amount);
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(await alerted()).toBe(message);
    expect(calls.some((c) => c.url.includes('/order/withdraw'))).toBe(false);
  });

  it.each([
    ['under the minimum', '49,99', 'Montante mínimo de retirada:R$50,00'],
    ['empty', '', 'Montante mínimo de retirada:R$50,00'],
    ['over the withdrawable amount', '80,01', 'Montante máximo de levantamento:R$80,00'],
  ])(
    'refuses an amount %s under the amount field, gone once the amount changes',
    async (_, amount, message) => {
      const calls = stub();
      const user = await open();
      const field = screen.getByLabelText('Valor do saque');
      if (amount) await user.type(field, amount);
      await user.click(screen.getByTestId('withdraw-submit'));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(calls.some((c) => c.url.includes('/order/withdraw'))).toBe(false);
      await user.type(field, '0');
      expect(field).not.toHaveAttribute('aria-invalid');
    },
  );

  it('shows the limits as a hint that stays beside the amount, not as a placeholder that is cut', async () => {
    stub();
    await open();
    const amount = screen.getByLabelText('Valor do saque');
    expect(amount).toHaveAccessibleDescription(/^Mínimo R\$\s50,00 · máximo R\$\s10\.000,00$/);
    expect(amount.getAttribute('placeholder')).not.toMatch(/Mínimo/);
  });

  it('says how much more must be wagered to release the withdrawal, only when something is due', async () => {
    stub();
    limits = { ...limits, wdAmount: 0, wagerDue: 37.5 };
    await open();
    expect(screen.getByTestId('withdraw-wager-due').textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Aposte mais R$ 37,50 para liberar o saque',
    );
    // A sports bet still open leaves that figure as it is: the panel says which bets count.
    expect(screen.getByTestId('withdraw-wager-counts')).toHaveTextContent(
      'Contam as apostas já resolvidas: a esportiva conta quando o resultado sai; a encerrada com cash out não conta.',
    );
  });

  it('shows no wagering note when nothing is due', async () => {
    stub();
    await open();
    expect(screen.queryByTestId('withdraw-wager-due')).toBeNull();
    expect(screen.queryByTestId('withdraw-wager-counts')).toBeNull();
  });

  it('says a withdrawable amount under the minimum cannot leave yet', async () => {
    stub();
    limits = { ...limits, wdAmount: 30 };
    await open();
    expect(screen.getByTestId('withdraw-wd').textContent!.replace(/\u00a0/g, ' ')).toBe('R$ 30,00');
    expect(screen.getByTestId('withdraw-below-minimum').textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Abaixo do mínimo de R$ 50,00: poderá sacar quando chegar a ele',
    );
  });

  it('says nothing of the minimum when the withdrawable amount reaches it', async () => {
    stub();
    limits = { ...limits, wdAmount: 50 };
    await open();
    expect(screen.getByTestId('withdraw-wd').textContent!.replace(/\u00a0/g, ' ')).toBe('R$ 50,00');
    expect(screen.queryByTestId('withdraw-below-minimum')).toBeNull();
  });

  it('before the player confirms, says an active bonus is kept and locked, only when there is one', async () => {
    stub();
    limits = { ...limits, bonus: { outcome: 'kept', amount: 20, wagerDue: 30, count: 1 } };
    await open();
    expect(screen.getByTestId('withdraw-bonus').textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Você tem R$ 20,00 em bônus ativo. O saque leva só o saldo em dinheiro: o bônus fica na conta, bloqueado até apostar mais R$ 30,00.',
    );
  });

  it('shows no bonus note without an active bonus', async () => {
    stub();
    await open();
    expect(screen.queryByTestId('withdraw-bonus')).toBeNull();
  });

  it('caps the amount to the balance and shows what the player receives', async () => {
    stub();
    const user = await open();
    await user.type(screen.getByLabelText('Valor do saque'), '500');
    expect(screen.getByLabelText('Valor do saque')).toHaveValue('100,00');
    expect(screen.getByLabelText('Valor do saque')).toHaveAccessibleDescription(
      /O valor foi limitado ao seu saldo de R\$\s100,00/,
    );
    // The keys typed after the cap leave it as it is (not "100,00,00").
    await user.clear(screen.getByLabelText('Valor do saque'));
    await user.type(screen.getByLabelText('Valor do saque'), '1.000,00');
    expect(screen.getByLabelText('Valor do saque')).toHaveValue('100,00');
    await user.type(screen.getByLabelText('Valor do saque'), '999');
    expect(screen.getByLabelText('Valor do saque')).toHaveValue('100,00');
    await user.clear(screen.getByLabelText('Valor do saque'));
    await user.type(screen.getByLabelText('Valor do saque'), '50');
    expect(screen.getByText(/Você recebe/).textContent!.replace(/\u00a0/g, ' ')).toBe('Você recebe R$ 48,50');
    // An amount it cannot pay (above the withdrawable amount) promises nothing.
    await user.clear(screen.getByLabelText('Valor do saque'));
    await user.type(screen.getByLabelText('Valor do saque'), String(limits.wdAmount + 1));
    expect(screen.queryByText(/Você recebe/)).toBeNull();
  });

  it('until the server answers the balance, shows "R$ —" and caps nothing to the stored copy', async () => {
    stub();
    useSession.setState({ balanceStale: true });
    const user = await open();
    expect(screen.getByTestId('withdraw-balance')).toHaveTextContent('R$ —');
    expect(screen.getByTestId('withdraw-balance')).toHaveAttribute('aria-busy', 'true');
    await user.type(screen.getByLabelText('Valor do saque'), '500');
    expect(screen.getByLabelText('Valor do saque')).toHaveValue('500');
    expect(screen.queryByText(/limitado ao seu saldo/)).toBeNull();
    act(() => setUser({ ...useSession.getState().user!, balance: 60 }));
    expect(screen.getByTestId('withdraw-balance').textContent!.replace(/\u00a0/g, ' ')).toBe('R$ 60,00');
    await user.clear(screen.getByLabelText('Valor do saque'));
    await user.type(screen.getByLabelText('Valor do saque'), '500');
    expect(screen.getByLabelText('Valor do saque')).toHaveValue('60,00');
  });

  it('opens the payout panel when a required field is missing, then sends with ifsc = CPF and an Idempotency-Key', async () => {
    const calls = stub();
    const user = await open();
    await user.type(screen.getByLabelText('Valor do saque'), '50');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByLabelText('Chave PIX (CPF)')).toHaveValue(CPF);
    // The step repeats what it confirms: the amount and what arrives after the fee.
    expect(screen.getByTestId('payout-amount').textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Valor do saque R$ 50,00Você recebe R$ 48,50',
    );
    // Every field is required, and the WhatsApp one shows the form it is read in.
    for (const field of ['Chave PIX (CPF)', 'Nome do titular', 'WhatsApp'])
      expect(screen.getByLabelText(field)).toBeRequired();
    expect(screen.getByLabelText('WhatsApp')).toHaveAttribute('placeholder', '(11) 91234-5678');
    await user.click(screen.getByRole('button', { name: 'Confirmar e sacar' }));
    expect(screen.getByLabelText('WhatsApp')).toHaveAccessibleDescription(
      'Por favor, preencha as informações completamente',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.type(screen.getByLabelText('WhatsApp'), '+55 11 91234-5678');
    await user.click(screen.getByRole('button', { name: 'Confirmar e sacar' }));

    expect(await alerted()).toBe('Solicitação de saque bem-sucedida!');
    const sent = calls.find((c) => c.url.includes('/order/withdraw'))!;
    expect(JSON.parse(String(sent.init.body))).toEqual({
      payCardBank: 'CPF',
      payCardNo: CPF,
      ifsc: CPF,
      name: 'Maria',
      amount: 50,
      whatsapp: '+55 11 91234-5678',
    });
    expect((sent.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\w.:-]{8,128}$/);
    expect(useUi.getState().overlay).toBeNull();
    expect(navigations).toEqual(['/home']);
    await waitFor(() => expect(calls.some((c) => c.url.includes('/userInfo'))).toBe(true));
  });

  it('the payout button changes the data there is, and adds it where there is none', async () => {
    stub();
    const user = await open();
    expect(screen.getByTestId('payout-summary')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Alterar' })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /CNPJ/ }));
    expect(screen.getByText('Adicione os dados de recebimento')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Alterar' })).toBeNull();
  });

  it('refuses a WhatsApp number too short to reach beside it, sending nothing', async () => {
    const calls = stub();
    limits = { ...limits, cardInfo: {} };
    const user = await open();
    await user.type(screen.getByLabelText('Valor do saque'), '50');
    await user.click(screen.getByTestId('withdraw-submit'));
    await user.type(screen.getByLabelText('Chave PIX (CPF)'), CPF);
    await user.type(screen.getByLabelText('Nome do titular'), 'Maria');
    // Letters do not go in; what is left, two digits, is no number.
    await user.type(screen.getByLabelText('WhatsApp'), 'abc12');
    expect(screen.getByLabelText('WhatsApp')).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Confirmar e sacar' }));
    expect(screen.getByLabelText('WhatsApp')).toHaveAccessibleDescription(
      'WhatsApp inválido: digite o DDD e o número, como (11) 91234-5678',
    );
    expect(calls.some((c) => c.url.includes('/order/withdraw'))).toBe(false);
    await user.type(screen.getByLabelText('WhatsApp'), '912345678');
    await user.click(screen.getByRole('button', { name: 'Confirmar e sacar' }));
    expect(await alerted()).toBe('Solicitação de saque bem-sucedida!');
    expect(JSON.parse(String(calls.find((c) => c.url.includes('/order/withdraw'))!.init.body)).whatsapp).toBe(
      '12912345678',
    );
  });

  it('refuses a CPF with wrong check digits before sending', async () => {
    const calls = stub();
    limits = { ...limits, cardInfo: {} };
    const user = await open();
    await user.type(screen.getByLabelText('Valor do saque'), '50');
    await user.click(screen.getByTestId('withdraw-submit'));
    await user.type(screen.getByLabelText('Chave PIX (CPF)'), '52998224726');
    await user.type(screen.getByLabelText('Nome do titular'), 'Maria');
    await user.type(screen.getByLabelText('WhatsApp'), '11912345678');
    await user.click(screen.getByRole('button', { name: 'Confirmar e sacar' }));
    expect(screen.getByLabelText('Chave PIX (CPF)')).toHaveAccessibleDescription(
      expect.stringContaining('CPF inválido'),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.url.includes('/order/withdraw'))).toBe(false);
  });

  it('under br, after KYC pays only to the player’s own CPF: said before submitting, the key fixed and formatted', async () => {
    const calls = stub();
    queryClient.setQueryData(['rgProfile'], { jurisdiction: 'br', nationalSelfExclusionUrl: '' });
    onTestFinished(() => queryClient.removeQueries({ queryKey: ['rgProfile'] }));
    // A key saved earlier for someone else's CPF is not used.
    limits = {
      ...limits,
      cardInfo: { CPF: { ifsc: '', payCardNo: '11144477735', name: 'Maria', whatsapp: '' } },
    };
    useSession.setState({ user: { ...useSession.getState().user!, cardNo: CPF } });
    const user = await open();
    expect(screen.getByTestId('payout-summary')).toHaveTextContent('529.982.247-25 · Maria');
    expect(screen.getByText('O saque vai só para a chave PIX do CPF da sua conta.')).toBeVisible();
    await user.type(screen.getByLabelText('Valor do saque'), '50');
    await user.click(screen.getByTestId('withdraw-submit'));
    const key = screen.getByLabelText('Chave PIX (CPF)');
    expect(key).toHaveValue('529.982.247-25');
    expect(key).toHaveAttribute('readonly');
    expect(key).toHaveAccessibleDescription('O saque vai só para a chave PIX do CPF da sua conta.');
    await user.type(screen.getByLabelText('WhatsApp'), '11912345678');
    await user.click(screen.getByRole('button', { name: 'Confirmar e sacar' }));
    await alerted();
    const sent = JSON.parse(String(calls.find((c) => c.url.includes('/order/withdraw'))!.init.body));
    expect(sent).toMatchObject({ payCardBank: 'CPF', payCardNo: CPF, ifsc: CPF });
  });

  it('does not offer USDT without lx 20', async () => {
    stub();
    await open();
    expect(screen.queryByRole('radio', { name: 'USDT (TRC20)' })).not.toBeInTheDocument();
  });

  it('USDT (lx 20): the amount in USDT is amount / rate - 1', async () => {
    const calls = stub();
    useSession.setState({ user: { ...useSession.getState().user!, lx: '20' } });
    limits = {
      ...limits,
      cardInfo: { USDT: { ifsc: '5.5', payCardNo: 'TXYZ', name: '', whatsapp: '11912345678' } },
    };
    const user = await open();
    await user.click(screen.getByRole('radio', { name: 'USDT (TRC20)' }));
    await user.type(screen.getByLabelText('Valor do saque'), '55');
    expect(screen.getByText(/USDT \(cotação/)).toHaveTextContent(
      'Você recebe ≈ 9.00 USDT (cotação 5.5, taxa de rede de 1 USDT)',
    );
    await user.click(screen.getByTestId('withdraw-submit'));
    await alerted();
    const sent = JSON.parse(String(calls.find((c) => c.url.includes('/order/withdraw'))!.init.body));
    expect(sent).toMatchObject({ payCardBank: 'USDT', payCardNo: 'TXYZ', ifsc: '5.5', amount: 55 });
  });
});

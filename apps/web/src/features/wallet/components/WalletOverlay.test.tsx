import { OrderStatus } from '@aposta/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { depositPaid } from '../../../app/flows';
import { loadLanguage } from '../../../lib/i18n';
import { attachHandlers } from '../../../lib/realtime-socket';
import { setNavigator } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { openDeposit, openGameDeposit, openOverlay, resumeDeposit, useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { STATUS_POLL_MS } from './DepositPanel';
import { WalletOverlay } from './WalletOverlay';

const pkg = (pkgId: number, price: number, gift: number, curreny: string, selected = false) => ({
  pkgId,
  price,
  gift,
  wager: price,
  giftWager: gift * 2,
  sort: pkgId,
  curreny,
  selected,
});
const PACKAGES = [
  pkg(1, 20, 0, 'BRL'),
  pkg(4, 100, 5, 'BRL', true),
  pkg(9, 300, 20, ''),
  pkg(20, 10_000, 1200, 'EXTPAY'),
  pkg(50, 100, 10, 'BTBRL'),
  pkg(60, 50, 5, 'FCBRL'),
];
const INS = [
  pkg(30, 20, 0, 'INSBRL'),
  pkg(31, 50, 2, 'INSBRL'),
  pkg(32, 100, 5, 'INSBRL'),
  pkg(33, 200, 12, 'INSBRL'),
  pkg(34, 500, 35, 'INSBRL'),
];

let status: string = OrderStatus.PENDING;
let prices: ReturnType<typeof pkg>[] | null = null;
let navigations: string[] = [];

function stub() {
  const f = fakeFetch((url) => {
    if (url.includes('/getPrices'))
      return { body: envelope(prices ?? (url.includes('curreny=INSBRL') ? INS : PACKAGES)) };
    if (url.includes('/prePay/'))
      return { body: envelope({ orderId: 'D1', payNo: 'sbx_1', url: '/sandbox/pix/sbx_1' }) };
    if (url.includes('/getStatus/')) return { body: envelope({ status }) };
    if (url.includes('/userInfo')) return { body: envelope({ ...useSession.getState().user, balance: 100 }) };
    return { status: 404, body: envelope(null, 40400, 'no') };
  });
  vi.stubGlobal('fetch', f.fn);
  return f.calls;
}

/** The preselected R$ 100 package confirmed: the provider's page opens in the frame. */
async function toPixFrame(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Depositar R\$\s100,00$/ }));
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
}

beforeEach(() => {
  status = OrderStatus.PENDING;
  prices = null;
  navigations = [];
  setNavigator((to) => navigations.push(to));
  useSession.setState({
    token: 't',
    user: { uId: 1, balance: 0, freeBalance: 0, kyc: 1, lx: '', payDiscount: null } as never,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('deposit overlay', () => {
  it('shows the deposit page packages (BRL, EXTPAY, ungrouped) with 100 preselected and its gift', async () => {
    stub();
    useUi.setState({ overlay: 'deposit' });
    renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.textContent!.replace(/\u00a0/g, ' '))).toEqual([
      'R$ 20,00',
      'R$ 100,00+R$ 5,00 bônus',
      'R$ 300,00+R$ 20,00 bônus',
      'R$ 10.000,00+R$ 1.200,00 bônus',
    ]);
    expect(screen.getByRole('radio', { name: /R\$\s100,00/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('tab', { name: 'Depositar' })).toHaveAttribute('aria-selected', 'true');
  });

  it('confirm, pre-pay with gift 1 and an Idempotency-Key, the provider page in a frame, the waiting view, paid -> /paySuccess', async () => {
    const calls = stub();
    useUi.setState({ overlay: 'deposit' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
    await user.click(await screen.findByRole('button', { name: /^Depositar R\$\s100,00$/ }));
    expect(screen.getByRole('heading', { name: 'Confirmar depósito' })).toBeInTheDocument();
    // What must be wagered before a withdrawal is said before the player pays (the server's figures).
    expect(
      screen.getByText(/^O valor depositado só pode ser sacado depois de apostar R\$\s100,00\.$/),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Para o bônus virar saldo sacável, aposte R\$\s10,00\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    const frame = await screen.findByTitle('Pagamento PIX');
    expect(frame).toHaveAttribute('src', '/sandbox/pix/sbx_1');
    const prePay = calls.find((c) => c.url.includes('/prePay/4'))!;
    expect(String(prePay.init.body)).toBe('gift=1&pkgId=4&isapp=0');
    expect((prePay.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\w.:-]{8,128}$/);

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('heading', { name: 'Aguardando pagamento' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir o pagamento PIX' })).toBeInTheDocument();
    // The labels say what each button does: none reads like 'I have paid' (hardening item 12).
    expect(screen.getByRole('button', { name: 'Fechar sem pagar' })).toHaveAccessibleDescription(
      /expira em 30 minutos.*já pagou/,
    );
    expect(screen.getByRole('button', { name: 'Verificar pagamento' })).toBeInTheDocument();
    expect(screen.queryByText('Recarregado')).toBeNull();
    expect(screen.getByTestId('deposit-status')).toHaveTextContent('Situação: Pendente');

    status = OrderStatus.PAID;
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await waitFor(() => expect(useUi.getState().overlay).toBeNull());
    expect(navigations).toEqual(['/paySuccess']);
  });

  it('paySuccess asks the status at once: paid closes the overlay without waiting for the next poll', async () => {
    const calls = stub();
    useUi.setState({ overlay: 'deposit' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const handlers = new Map<string, (payload: unknown) => void>();
    attachHandlers({ on: (event: string, fn: (p: unknown) => void) => handlers.set(event, fn) } as never);
    renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
    await toPixFrame(user);
    await user.click(await screen.findByRole('button', { name: 'Voltar' }));
    const polls = () => calls.filter((c) => c.url.includes('/getStatus/D1')).length;
    // The order was just created as pending: the first ask is one poll later.
    expect(polls()).toBe(0);

    status = OrderStatus.PAID;
    handlers.get('paySuccess')!({ czflag: 1, payTime: Date.now() });
    await waitFor(() => expect(useUi.getState().overlay).toBeNull(), { timeout: STATUS_POLL_MS / 3 });
    expect(polls()).toBe(1);
    expect(navigations).toEqual(['/paySuccess']);
  });

  it('keeps polling after a failed poll, and shows paying', async () => {
    let fail = true;
    const calls = stub();
    const ok = fetch;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
      url.includes('/getStatus/') && fail ? Promise.reject(new TypeError('offline')) : ok(url, init),
    );
    useUi.setState({ overlay: 'deposit' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
    await toPixFrame(user);
    await user.click(await screen.findByRole('button', { name: 'Voltar' }));
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    expect(screen.getByTestId('deposit-status')).toHaveTextContent('Situação: Pendente');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    fail = false;
    status = OrderStatus.PAYING;
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await waitFor(() => expect(screen.getByTestId('deposit-status')).not.toHaveTextContent('Pendente'));
    expect(calls.filter((c) => c.url.includes('/getStatus/')).length).toBeGreaterThanOrEqual(1);
  });

  it('waiving promotions sends gift 0 and hides the gifts', async () => {
    const calls = stub();
    renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Não quero participar das promoções/ }));
    expect(screen.queryByText(/bônus$/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Depositar R\$\s100,00$/ }));
    expect(screen.getByText('Sem bônus')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByTitle('Pagamento PIX');
    expect(String(calls.find((c) => c.url.includes('/prePay/'))!.init.body)).toBe('gift=0&pkgId=4&isapp=0');
  });

  it('a cancelled order closes the overlay; so does Cancel recharge', async () => {
    stub();
    useUi.setState({ overlay: 'deposit' });
    const user = userEvent.setup();
    renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
    await toPixFrame(user);
    await user.click(await screen.findByRole('button', { name: 'Voltar' }));
    status = OrderStatus.CANCELLED;
    await user.click(screen.getByRole('button', { name: 'Verificar pagamento' }));
    await waitFor(() => expect(useUi.getState().overlay).toBeNull());
    expect(navigations).toEqual([]);
  });

  it('a deposit reopened from the records waits for its own PIX: its amount, its page, paid -> /paySuccess', async () => {
    const calls = stub();
    resumeDeposit({
      orderId: 'D7',
      url: '/sandbox/pix/sbx_7',
      amount: 35,
      expiresAt: '2026-11-22T12:30:00.000Z',
    });
    const user = userEvent.setup();
    renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
    expect(await screen.findByRole('heading', { name: 'Aguardando pagamento' })).toBeInTheDocument();
    expect(screen.getByText(/^R\$\s35,00$/)).toBeInTheDocument();
    // Its own deadline, not the 30 minutes of a new order.
    const at = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short' }).format(
      new Date('2026-11-22T12:30:00.000Z'),
    );
    expect(
      screen.getByText(`Sem pagamento, o pedido expira às ${at}.`, { exact: false }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abrir o pagamento PIX' }));
    expect(screen.getByTestId('pay-frame')).toHaveAttribute('src', '/sandbox/pix/sbx_7');
    // The provider's page may refuse a frame: it also opens in a tab of its own.
    const own = screen.getByRole('link', { name: 'Abrir em nova aba' });
    expect(own).toHaveAttribute('href', '/sandbox/pix/sbx_7');
    expect(own).toHaveAttribute('target', '_blank');
    expect(own).toHaveAttribute('rel', 'noopener noreferrer');
    status = OrderStatus.PAID;
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await user.click(screen.getByRole('button', { name: 'Verificar pagamento' }));
    await waitFor(() => expect(navigations).toEqual(['/paySuccess']));
    expect(calls.some((c) => c.url.includes('/getStatus/D7'))).toBe(true);
    expect(calls.some((c) => c.url.includes('/prePay/'))).toBe(false);
    // Any other opening of the deposit starts from the packages again.
    openDeposit();
    expect(useUi.getState().pendingDeposit).toBeNull();
  });

  it("the phone's back button on the PIX page returns to the waiting view at the same address; the frame's own button takes its entry back off", async () => {
    stub();
    useUi.setState({ overlay: 'deposit' });
    const user = userEvent.setup();
    renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
    await toPixFrame(user);
    expect(await screen.findByTestId('pay-frame')).toBeInTheDocument();
    const address = window.location.href;
    const entries = window.history.length;

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Aguardando pagamento' })).toBeInTheDocument();
    expect(screen.queryByTestId('pay-frame')).toBeNull();
    expect(window.location.href).toBe(address);
    expect(useUi.getState().overlay).toBe('deposit');

    // Opened again and left by its own button: the entry the frame pushed is gone, so the next back press is not
    // spent on it.
    await user.click(screen.getByRole('button', { name: 'Abrir o pagamento PIX' }));
    expect(screen.getByTestId('pay-frame')).toBeInTheDocument();
    const onPage = (window.history.state as Record<string, unknown> | null)?.apostaLayer;
    expect(onPage).toEqual(expect.any(Number));
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('heading', { name: 'Aguardando pagamento' })).toBeInTheDocument();
    await waitFor(() =>
      expect((window.history.state as Record<string, unknown> | null)?.apostaLayer).not.toBe(onPage),
    );
    expect(window.history.length).toBe(entries);
  });

  it('the withdraw tab switches the overlay; the deposit tab opens the deposit (the app gates it on KYC)', async () => {
    stub();
    useSession.setState({ user: { ...useSession.getState().user!, kyc: 0 } });
    useUi.setState({ overlay: 'withdraw' });
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => ({
        body: envelope({
          limitAmount: 50,
          number: 1,
          lock: false,
          wdAmount: 0,
          wagerDue: 0,
          usdtRate: 5.5,
          serviceAmount: 0.03,
          maxAmount: 10000,
          cardInfo: {},
        }),
      })).fn,
    );
    renderWithApp(<WalletOverlay kind="withdraw" onPaid={depositPaid} />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Depositar' }));
    expect(useUi.getState()).toMatchObject({ overlay: 'deposit', depositMode: 'normal' });
  });
});

describe('languages', () => {
  it('loads the wallet namespace with the chosen language', async () => {
    stub();
    await loadLanguage('ru');
    try {
      renderWithApp(<WalletOverlay kind="deposit" onPaid={depositPaid} />);
      expect(screen.getByRole('tab', { name: 'Пополнить' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByText('Выберите сумму', { selector: 'legend' })).toBeInTheDocument();
    } finally {
      await loadLanguage('pt_BR');
    }
  });
});

describe('game deposit overlay', () => {
  it('offers the first 4 INSBRL packages, 100 preselected', async () => {
    const calls = stub();
    renderWithApp(<WalletOverlay kind="gameDeposit" onPaid={depositPaid} />);
    const dialog = await screen.findByRole('dialog', { name: 'Saldo baixo' });
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(4);
    expect(within(dialog).getByRole('radio', { name: /R\$\s100,00/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(calls[0]!.url).toContain('curreny=INSBRL');
    expect(within(dialog).queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('opened by a stake the balance does not cover, says so, not that the balance is low', async () => {
    stub();
    useSession.setState({ user: { ...useSession.getState().user!, balance: 100 } });
    renderWithApp(<WalletOverlay kind="gameDeposit" onPaid={depositPaid} />);
    const dialog = await screen.findByRole('dialog', { name: 'Saldo insuficiente' });
    expect(dialog).toHaveTextContent('O seu saldo não cobre esta aposta. Recarregue para continuar jogando.');
    expect(dialog).not.toHaveTextContent('abaixo de');
  });

  it('opened for a stake: says what it lacks and starts on the smallest package that covers it', async () => {
    stub();
    // R$ 50,10 of cash and R$ 0,20 of bonus: a stake plays from both.
    useSession.setState({ user: { ...useSession.getState().user!, balance: 50.1, freeBalance: 0.2 } });
    openGameDeposit(8_000);
    renderWithApp(<WalletOverlay kind="gameDeposit" onPaid={depositPaid} />);
    const dialog = await screen.findByRole('dialog', { name: 'Saldo insuficiente' });
    expect(dialog).toHaveTextContent(/Faltam R\$\s29,70 para esta aposta\./);
    // 20 would not cover R$ 29,70; 50 does (not the usual 100).
    expect(await within(dialog).findByRole('radio', { name: /R\$\s50,00/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // A balance push meanwhile (a settlement) moves neither the text nor the package offered.
    act(() => useSession.setState({ user: { ...useSession.getState().user!, balance: 70 } }));
    expect(dialog).toHaveTextContent(/Faltam R\$\s29,70/);
    expect(within(dialog).getByRole('radio', { name: /R\$\s50,00/ })).toHaveAttribute('aria-checked', 'true');
    // Beyond every package: the largest.
    act(() => openGameDeposit(100_000));
    expect(dialog).toHaveTextContent(/Faltam R\$\s929,80/);
    expect(within(dialog).getByRole('radio', { name: /R\$\s200,00/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('with no amount selected asks for one', async () => {
    stub();
    prices = [pkg(30, 20, 0, 'INSBRL'), pkg(31, 50, 2, 'INSBRL')];
    renderWithApp(<WalletOverlay kind="gameDeposit" onPaid={depositPaid} />);
    await screen.findAllByRole('radio');
    await userEvent.setup().click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Por favor, selecione o montante de recarga',
    );
    expect(screen.queryByRole('heading', { name: 'Confirmar depósito' })).not.toBeInTheDocument();
  });

  it('pre-pays without isapp and says so when paid', async () => {
    const calls = stub();
    useUi.setState({ overlay: 'gameDeposit' });
    const user = userEvent.setup();
    renderWithApp(<WalletOverlay kind="gameDeposit" onPaid={depositPaid} />);
    await user.click(await screen.findByRole('radio', { name: /R\$\s50,00/ }));
    await user.click(screen.getByTestId('deposit-submit'));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await user.click(await screen.findByRole('button', { name: 'Voltar' }));
    expect(String(calls.find((c) => c.url.includes('/prePay/31'))!.init.body)).toBe('gift=1&pkgId=31');
    status = OrderStatus.PAID;
    await user.click(screen.getByRole('button', { name: 'Verificar pagamento' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Recarga bem-sucedida, continue fazendo apostas',
    );
    expect(useUi.getState().overlay).toBeNull();
    expect(navigations).toEqual([]);
  });
});

describe('bonus deposit overlay (increase-bonus popup, /gamebouns)', () => {
  it('offers only the EXPPAY packages, whose gift the game bonus multiplies', async () => {
    const calls = stub();
    prices = [pkg(40, 100, 20, 'EXPPAY'), pkg(41, 300, 75, 'EXPPAY'), pkg(4, 100, 5, 'BRL')];
    renderWithApp(<WalletOverlay kind="bonusDeposit" onPaid={depositPaid} />);
    const dialog = await screen.findByRole('dialog', { name: 'Aumente seu bônus' });
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    expect(calls[0]!.url).toContain('curreny=EXPPAY');
    expect(within(dialog).getByText(/recebe o multiplicador que você desbloqueou/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('opens with the package the player tapped on the game bonus page', async () => {
    stub();
    prices = [pkg(40, 100, 20, 'EXPPAY'), pkg(41, 300, 75, 'EXPPAY')];
    openOverlay('bonusDeposit', { depositPackage: 41 });
    renderWithApp(<WalletOverlay kind="bonusDeposit" onPaid={depositPaid} />);
    const dialog = await screen.findByRole('dialog', { name: 'Aumente seu bônus' });
    expect(await within(dialog).findByRole('radio', { checked: true })).toHaveTextContent(/^R\$\s300,00/);
    expect(within(dialog).getByTestId('deposit-submit')).toHaveTextContent(/R\$\s300,00$/);
  });
});

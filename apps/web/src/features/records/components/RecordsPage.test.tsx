import { TxType } from '@aposta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { RecordsPage } from './RecordsPage';

const rec = (id: string, category: string, amount: number, status: string, extra: object = {}) => ({
  id,
  type: 0,
  category,
  amount,
  currency: 'BRL',
  status,
  time: '2026-11-22T12:00:00.000Z',
  counterparty: null,
  ref: null,
  bet: null,
  refund: false,
  cashout: false,
  ...extra,
});

/** A withdrawal's payment order as `/api/app/order/records` answers it: R$ 50 paid, unless `over` says otherwise. */
const withdrawalOrder = (over: object) => ({
  orderId: 'W1',
  type: 11,
  status: '10',
  amount: 50,
  gift: 0,
  fee: 1.5,
  netAmount: 48.5,
  usdtAmount: null,
  payCardBank: 'CPF',
  payCardNo: '1',
  createdAt: '',
  updatedAt: '',
  payUrl: null,
  expiresAt: null,
  events: [
    { status: '00', event: 'requested', note: '', at: '2026-11-22T12:00:00.000Z' },
    { status: '99', event: 'approved', note: '', at: '2026-11-22T12:01:00.000Z' },
    { status: '10', event: 'paid', note: '', at: '2026-11-22T12:02:00.000Z' },
  ],
  ...over,
});

function stub() {
  const f = fakeFetch((url) => {
    if (url.includes('/api/app/order/records')) {
      return {
        body: envelope({
          total: 1,
          list: [withdrawalOrder({})],
        }),
      };
    }
    const cursor = new URL(url).searchParams.get('cursor');
    if (cursor === '7') return { body: envelope({ list: [rec('3', 'bet', -2, '10')], nextCursor: null }) };
    return {
      body: envelope({
        list: [
          rec('9', 'withdrawal', -50, '10', { ref: 'W1' }),
          rec('8', 'transfer', -12.5, '10', { counterparty: 'ana@example.com' }),
          rec('7', 'deposit', 1234.5, '00'),
        ],
        nextCursor: '7',
      }),
    };
  });
  vi.stubGlobal('fetch', f.fn);
  return f.calls;
}

beforeEach(() => useSession.setState({ token: 't', user: { uId: 1 } as never }));
afterEach(() => vi.unstubAllGlobals());

const text = (el: HTMLElement) => el.textContent!.replace(/\u00a0/g, ' ');

describe('records screen', () => {
  it('lists records with locale amounts and the code-table status labels, and pages with the cursor', async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderWithApp(<RecordsPage />);
    const rows = await screen.findAllByTestId('record-row');
    expect(rows.map(text)).toEqual([
      expect.stringMatching(/^Saque.*−R\$ 50,00Concluído$/),
      expect.stringMatching(/^Transferência.*Com ana@example\.com−R\$ 12,50Concluído$/),
      expect.stringMatching(/^Depósito.*\+R\$ 1\.234,50Pendente$/),
    ]);
    const first = calls.find((c) => c.url.includes('/wallet/records'))!;
    expect(new URL(first.url).searchParams.get('limit')).toBe('20');
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(4));
    expect(new URL(calls.at(-1)!.url).searchParams.get('cursor')).toBe('7');
    expect(screen.getByText('Fim da lista')).toBeInTheDocument();
  });

  it('names what each stake, prize, cash-out, refund or corrected result was a bet on: the game, or the product and its kind', async () => {
    const bet = (product: string, game: string | null, gameName: string | null = null) => ({
      bet: { product, game, gameName },
    });
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => ({
        body: envelope({
          list: [
            rec('9', 'prize', 7.12, '10', { type: 301, cashout: true, ...bet('sports', 'single') }),
            rec('8', 'prize', 5, '10', { type: 301, refund: true, ...bet('sports', 'single') }),
            rec('7', 'prize', -1.5, '10', { type: 303, ...bet('sports', 'single') }),
            rec('6', 'prize', 1.98, '10', bet('originals', 'dice')),
            rec('5', 'bet', -1, '10', bet('rounds', 'luckyColor')),
            rec('4', 'bet', -5, '10', bet('sports', 'parlay')),
            rec('3', 'bet', -2, '10', bet('casino', 'aposta-fortune', 'Tigre da Fortuna')),
            rec('2', 'bet', -3, '10', bet('sports', null)),
            rec('1', 'deposit', 10, '10'),
            // A bonus released (out of the bonus balance, into the cash) and one expired.
            rec('0c', 'bonus', 5, '10', { type: TxType.BONUS_RELEASED }),
            rec('0b', 'bonus', -5, '10', { type: TxType.BONUS_RELEASED }),
            rec('0a', 'bonus', -2, '10', { type: TxType.BONUS_FORFEITED }),
          ],
          nextCursor: null,
        }),
      })).fn,
    );
    renderWithApp(<RecordsPage />);
    await screen.findAllByTestId('record-row');
    expect(screen.getAllByTestId('record-title').map(text)).toEqual([
      'Cash out · Esportes · Simples',
      'Reembolso · Esportes · Simples',
      'Resultado corrigido · Esportes · Simples',
      'Prêmio · Dice',
      'Aposta · Cor da sorte',
      'Aposta · Esportes · Múltipla',
      'Aposta · Tigre da Fortuna',
      'Aposta · Esportes',
      'Depósito',
      'Bônus liberado · para o seu saldo',
      'Bônus liberado · do saldo de bônus',
      'Bônus expirado',
    ]);
  });

  it('sends the type, status and date filters, and starts again from the first page', async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderWithApp(<RecordsPage />);
    await screen.findAllByTestId('record-row');
    await user.click(screen.getByRole('button', { name: 'Saque', pressed: false }));
    await user.selectOptions(screen.getByLabelText('Situação'), 'Pendente');
    // The day reads in the chosen language (pt-BR), whatever locale the browser writes its date field in.
    const shown = () => screen.getAllByTestId('date-shown').map((el) => el.textContent);
    expect(shown()).toEqual(['dd/mm/aaaa', 'dd/mm/aaaa']);
    await user.type(screen.getByLabelText('De'), '2026-11-01');
    expect(shown()).toEqual(['01/11/2026', 'dd/mm/aaaa']);
    expect(screen.getByLabelText('De')).toHaveAttribute('lang', 'pt-BR');
    const lastRecords = () => calls.filter((c) => c.url.includes('/wallet/records')).at(-1)!;
    await waitFor(() => {
      const q = new URL(lastRecords().url).searchParams;
      expect([q.get('type'), q.get('status'), q.get('from'), q.get('cursor')]).toEqual([
        'withdrawal',
        '00',
        '2026-11-01',
        null,
      ]);
    });
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(new URL(lastRecords().url).searchParams.get('type')).toBeNull());
  });

  it('says when the end date comes before the start date', async () => {
    stub();
    const user = userEvent.setup();
    renderWithApp(<RecordsPage />);
    await screen.findAllByTestId('record-row');
    await user.type(screen.getByLabelText('De'), '2026-11-10');
    expect(screen.getByLabelText('Até')).not.toHaveAccessibleDescription();
    await user.type(screen.getByLabelText('Até'), '2026-11-01');
    expect(screen.getByLabelText('Até')).toHaveAccessibleDescription(
      'A data final deve ser igual ou posterior à inicial',
    );
  });

  it('shows the steps of a withdrawal from its payment order', async () => {
    stub();
    const user = userEvent.setup();
    renderWithApp(<RecordsPage />);
    const [withdrawal] = await screen.findAllByTestId('record-row');
    await user.click(within(withdrawal!).getByRole('button'));
    const steps = await within(withdrawal!).findByTestId('record-steps');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent!.split(' · ')[0]),
    ).toEqual(['Saque solicitado', 'Aprovado', 'Pago']);
    // What it cost, what arrived and where.
    expect(text(within(withdrawal!).getByTestId('withdrawal-detail'))).toBe(
      'Taxa R$ 1,50 · você recebe R$ 48,50 · para CPF 1',
    );
  });

  it('a refused withdrawal: struck through (nothing left the account), its steps end refused', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url.includes('/api/app/order/records')
          ? {
              body: envelope({
                total: 1,
                list: [
                  withdrawalOrder({
                    orderId: 'W2',
                    status: '01',
                    amount: 52.6,
                    fee: 0,
                    netAmount: 52.6,
                    events: [
                      { status: '00', event: 'requested', note: '', at: '2026-11-22T12:00:00.000Z' },
                      // The operator's reason stays in the back office: the player's answer has no note.
                      { status: '01', event: 'rejected', note: '', at: '2026-11-22T12:05:00.000Z' },
                    ],
                  }),
                ],
              }),
            }
          : {
              body: envelope({
                list: [rec('9', 'withdrawal', -52.6, '01', { ref: 'W2' })],
                nextCursor: null,
              }),
            },
      ).fn,
    );
    const user = userEvent.setup();
    renderWithApp(<RecordsPage />);
    const [withdrawal] = await screen.findAllByTestId('record-row');
    expect(within(withdrawal!).getByText(/52,60/)).toHaveClass('line-through');
    await user.click(within(withdrawal!).getByRole('button'));
    const steps = await within(withdrawal!).findByTestId('record-steps');
    expect(within(steps).getAllByRole('listitem').at(-1)).toHaveTextContent(/^Recusado/);
  });

  it('says so when the deposit orders cannot be read, and reads them again on Tentar novamente', async () => {
    let readable = false;
    const f = fakeFetch((url) => {
      if (url.includes('/api/app/order/records'))
        return {
          body: envelope({
            total: 1,
            // An answer the app cannot read (an older server, say) is not shown as an empty list.
            list: [readable ? withdrawalOrder({ orderId: 'D1', type: 10 }) : { orderId: 'D1' }],
          }),
        };
      return { body: envelope({ list: [], nextCursor: null }) };
    });
    vi.stubGlobal('fetch', f.fn);
    const user = userEvent.setup();
    renderWithApp(<RecordsPage />);
    await user.click(await screen.findByRole('button', { name: 'Depósito', pressed: false }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar.');
    expect(screen.queryByText('Nenhum registro encontrado.')).toBeNull();
    readable = true;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('deposit-order')).toHaveTextContent('R$ 50,00');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists every PIX deposit order with its state: paid, pending, cancelled, expired, returned', async () => {
    const order = (
      orderId: string,
      status: string,
      amount: number,
      events: [string, string][],
      payUrl: string | null = null,
    ) => ({
      orderId,
      type: 10,
      status,
      amount,
      gift: 0,
      fee: 0,
      netAmount: amount,
      usdtAmount: null,
      payCardBank: null,
      payCardNo: null,
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
      payUrl,
      expiresAt: payUrl ? '2026-11-22T12:30:00.000Z' : null,
      events: events.map(([st, event]) => ({ status: st, event, note: '', at: '2026-11-22T12:00:00.000Z' })),
    });
    const f = fakeFetch((url) => {
      if (url.includes('/api/app/order/records'))
        return {
          body: envelope({
            total: 7,
            list: [
              // Paid after the player lowered a deposit limit it then passed: being returned.
              order('D7', '-01', 70, [
                ['00', 'created'],
                ['-01', 'overLimit'],
              ]),
              // Brazil: paid from another person's CPF, being returned; and one returned.
              order('D6', '-01', 40, [
                ['00', 'created'],
                ['-01', 'payerMismatch'],
              ]),
              order('D5', '-01', 60, [
                ['00', 'created'],
                ['-01', 'payerMismatch'],
                ['-01', 'returned'],
              ]),
              order('D4', '00', 20, [['00', 'created']], '/sandbox/pix/sbx_4'),
              order('D3', '01', 50, [
                ['00', 'created'],
                ['01', 'expired'],
              ]),
              order('D2', '01', 30, [
                ['00', 'created'],
                ['01', 'cancelled'],
              ]),
              order('D1', '10', 100, [
                ['00', 'created'],
                ['10', 'paid'],
              ]),
            ],
          }),
        };
      // The ledger knows only the paid one.
      return { body: envelope({ list: [rec('1', 'deposit', 100, '10')], nextCursor: null }) };
    });
    vi.stubGlobal('fetch', f.fn);
    const user = userEvent.setup();
    renderWithApp(<RecordsPage />);
    await screen.findAllByTestId('record-row');
    // Every record: the one still waiting for its PIX on top (it is no ledger movement yet), payable from there.
    const awaiting = await screen.findByRole('region', { name: 'Aguardando o seu PIX' });
    expect(within(awaiting).getAllByTestId('deposit-order').map(text)).toEqual([
      expect.stringMatching(/^Depósito PIX.*R\$ 20,00PendentePague o PIX até \d\d:30Pagar agora$/),
    ]);
    await user.click(screen.getByRole('button', { name: 'Depósito', pressed: false }));
    expect(screen.queryByRole('region', { name: 'Aguardando o seu PIX' })).toBeNull();
    const rows = await screen.findAllByTestId('deposit-order');
    expect(rows.map(text)).toEqual([
      expect.stringMatching(
        /^Depósito PIX.*R\$ 70,00Em devoluçãoEste depósito foi pago depois que você baixou/,
      ),
      expect.stringMatching(
        /^Depósito PIX.*R\$ 40,00Em devoluçãoDepósitos PIX só são aceitos de uma conta no seu próprio CPF/,
      ),
      expect.stringMatching(/^Depósito PIX.*R\$ 60,00Devolvido.*nada foi creditado\.$/),
      expect.stringMatching(/^Depósito PIX.*R\$ 20,00PendentePague o PIX até \d\d:30Pagar agora$/),
      expect.stringMatching(/^Depósito PIX.*R\$ 50,00Expirado$/),
      expect.stringMatching(/^Depósito PIX.*R\$ 30,00Cancelado$/),
      expect.stringMatching(/^Depósito PIX.*R\$ 100,00Concluído$/),
    ]);
    const q = new URL(f.calls.find((c) => c.url.includes('/order/records'))!.url).searchParams;
    expect(q.get('type')).toBe('10');
    // The one still waiting for its PIX can be paid now: the deposit overlay opens on it.
    expect(screen.getAllByRole('button', { name: 'Pagar agora' })).toHaveLength(1);
    await user.click(within(rows[3]!).getByRole('button', { name: 'Pagar agora' }));
    expect(useUi.getState()).toMatchObject({
      overlay: 'deposit',
      pendingDeposit: {
        orderId: 'D4',
        url: '/sandbox/pix/sbx_4',
        amount: 20,
        expiresAt: '2026-11-22T12:30:00.000Z',
      },
    });
    // The status filter applies to the orders too.
    await user.selectOptions(screen.getByLabelText('Situação'), 'Cancelado');
    expect(screen.getAllByTestId('deposit-order').map(text)).toEqual([
      expect.stringMatching(/Expirado$/),
      expect.stringMatching(/Cancelado$/),
    ]);
  });

  it('asks a visitor to log in', () => {
    useSession.setState({ token: '' });
    renderWithApp(<RecordsPage />);
    expect(screen.getByText('Entre para ver seus registros')).toBeInTheDocument();
  });
});

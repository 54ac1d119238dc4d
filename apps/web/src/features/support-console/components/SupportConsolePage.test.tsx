import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { SupportConsolePage } from './SupportConsolePage';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, disconnect: () => undefined }) }));

const conversation = {
  id: 5,
  status: 'open',
  provider: 'own',
  userId: 42,
  username: 'ana@example.com',
  visitorEmail: null,
  assignedTo: null,
  createdAt: '2026-11-20T13:00:00.000Z',
  lastMessageAt: '2026-11-20T13:00:00.000Z',
  lastText: '<b>oi</b>',
  unread: 1,
  closeReason: null,
  closeNote: null,
};
const period = { value: null, used: 0, pending: null };
const periods = { day: period, week: period, month: period };
let fake: ReturnType<typeof fakeFetch>;
let status = 'open';

beforeEach(() => {
  sessionStorage.clear();
  status = 'open';
  fake = fakeFetch((url, init) => {
    if (url.includes('/auth/login'))
      return {
        body: envelope({
          access_token: 'op_token',
          expiresAt: '2026-11-21T00:00:00.000Z',
          operator: { id: 1, email: 'op@aposta.test', role: 'support', permissions: ['support.chat'] },
        }),
      };
    if (url.includes('/stats'))
      return {
        body: envelope({
          since: '2026-11-13T00:00:00.000Z',
          conversations: 3,
          answered: 2,
          firstResponseAvgSeconds: 12.5,
          responseAvgSeconds: 20,
          perConversation: [],
        }),
      };
    if (url.endsWith('/conversations')) return { body: envelope([{ ...conversation, status }]) };
    if (url.includes('/player'))
      return {
        body: envelope({
          userId: 42,
          username: 'ana@example.com',
          name: 'Ana',
          kyc: 1,
          testFlag: '0',
          balance: 123.45,
          freeBalance: 0,
          deposits: [{ orderId: 'D1', status: '10', amount: 50, createdAt: '2026-11-20T12:00:00.000Z' }],
          withdrawals: [],
          limits: {
            deposit: periods,
            loss: periods,
            stake: periods,
            time: periods,
            realityCheckMinutes: null,
            exclusion: null,
            nationalSelfExclusionUrl: 'https://example.com',
          },
        }),
      };
    if (url.includes('/canned'))
      return {
        body: envelope([
          {
            id: 1,
            title: 'Saudação',
            text: 'Olá! Como posso ajudar?',
            updatedAt: '2026-11-20T12:00:00.000Z',
          },
        ]),
      };
    if (url.includes('/close')) {
      status = 'closed';
      return { body: envelope(null) };
    }
    if (url.includes('/messages') || url.includes('/read') || url.includes('/typing'))
      return {
        body: envelope(
          init.method === 'POST' && url.includes('/messages')
            ? {
                id: 9,
                conversationId: 5,
                from: 'operator',
                text: 'x',
                image: null,
                at: '2026-11-20T13:01:00.000Z',
                read: false,
              }
            : null,
        ),
      };
    if (url.includes('/conversations/5'))
      return {
        body: envelope({
          ...conversation,
          status,
          closeReason: status === 'closed' ? 'resolved' : null,
          messages: [
            {
              id: 8,
              conversationId: 5,
              from: 'player',
              text: '<b>oi</b>',
              image: null,
              at: '2026-11-20T13:00:00.000Z',
              read: false,
            },
          ],
        }),
      };
    return { status: 404, body: envelope(null, 40400, 'Não encontrado') };
  });
  vi.stubGlobal('fetch', fake.fn);
});
afterEach(() => vi.unstubAllGlobals());

describe('support console', () => {
  it('signs in with the TOTP code, answers with a canned reply beside the player summary, and closes', async () => {
    renderWithApp(<SupportConsolePage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'op@aposta.test');
    await user.type(screen.getByLabelText('Senha'), 'a long operator password');
    await user.type(screen.getByLabelText('Código do autenticador'), '123456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await user.click(await screen.findByRole('button', { name: /ana@example.com/ }));
    expect(await screen.findByTestId('player-summary')).toHaveTextContent('verificado');
    expect(screen.getByTestId('console-stats')).toHaveTextContent('12.5');
    // The player's text is shown as text.
    expect(screen.getByTestId('console-message')).toHaveTextContent('<b>oi</b>');
    await waitFor(() => expect(fake.calls.some((c) => c.url.includes('/conversations/5/read'))).toBe(true));

    await user.selectOptions(await screen.findByLabelText('Respostas prontas'), 'Saudação');
    expect(screen.getByLabelText('Resposta')).toHaveValue('Olá! Como posso ajudar?');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const reply = fake.calls.find((c) => c.url.endsWith('/conversations/5/messages'))!;
    expect(JSON.parse(String(reply.init.body))).toEqual({ text: 'Olá! Como posso ajudar?' });
    expect((reply.init.headers as Record<string, string>).Authorization).toBe('Bearer op_token');

    await user.selectOptions(screen.getByLabelText('Motivo do encerramento'), 'duplicate');
    await user.click(screen.getByRole('button', { name: 'Encerrar' }));
    const close = fake.calls.find((c) => c.url.endsWith('/close'))!;
    expect(JSON.parse(String(close.init.body))).toEqual({ reason: 'duplicate', note: '' });
    expect(await screen.findByText('Conversa encerrada: resolvida')).toBeTruthy();
  });
});

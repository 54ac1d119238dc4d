import { SUPPORT_IDENTITY_FIELD, type SupportMessage } from '@aposta/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { supportHandlers, useSupport } from '../store';
import { ChatPanel } from './ChatPanel';
import { SupportButton } from './SupportButton';

const message = (id: number, from: SupportMessage['from'], text: string, read = false): SupportMessage => ({
  id,
  conversationId: 7,
  from,
  text,
  image: null,
  at: '2026-11-20T13:00:00.000Z',
  read,
});

let fake: ReturnType<typeof fakeFetch>;
let history: SupportMessage[];
const OWN = { provider: 'own', licenseId: null, name: null, email: null, identity: null };
let CONFIG: Record<string, unknown> = OWN;
const TRACKING = 'https://cdn.livechatinc.com/tracking.js';

function answer(url: string, init: RequestInit) {
  if (url.includes('/support/config')) return { body: envelope(CONFIG) };
  if (url.includes('/support/conversation'))
    return {
      body: envelope({
        conversationId: history.length ? 7 : null,
        status: history.length ? 'assigned' : null,
        messages: history,
        unread: history.filter((m) => m.from === 'operator' && !m.read).length,
      }),
    };
  if (url.includes('/support/visitor')) return { body: envelope({ token: 'sv_token', conversationId: 9 }) };
  if (url.includes('/support/messages')) {
    const body = JSON.parse(String(init.body)) as { text: string };
    return { body: envelope(message(100, 'player', body.text)) };
  }
  return { body: envelope(null) };
}

beforeEach(() => {
  history = [];
  CONFIG = OWN;
  localStorage.clear();
  useSupport.setState({ thread: null, operatorTypingUntil: 0, open: false });
  fake = fakeFetch(answer);
  vi.stubGlobal('fetch', fake.fn);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelectorAll(`script[src="${TRACKING}"]`).forEach((s) => s.remove());
  delete (window as { __lc?: unknown }).__lc;
});

describe('support chat panel', () => {
  it('shows the history as text (never HTML), read marks, the typing agent, and sends a message', async () => {
    useSession.setState({ token: 'player-token' });
    history = [
      message(1, 'player', '<img src=x onerror="window.hacked=1"><b>oi</b>', true),
      message(2, 'operator', 'Olá! Como posso ajudar?'),
    ];
    renderWithApp(<ChatPanel />);
    await screen.findByText('Olá! Como posso ajudar?');
    expect(screen.getByText('<img src=x onerror="window.hacked=1"><b>oi</b>', { exact: false })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByLabelText('Lida')).toHaveTextContent('✓✓');
    // Opening the panel reads the operator's answer.
    await waitFor(() => expect(fake.calls.some((c) => c.url.includes('/support/read'))).toBe(true));

    act(() => supportHandlers.supportTyping({ conversationId: 7, from: 'operator' }));
    expect(screen.getByText('O atendente está digitando…')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mensagem'), 'Meu saque{Enter}');
    await screen.findByText('Meu saque');
    const sent = fake.calls.find((c) => c.url.includes('/support/messages'))!;
    expect(JSON.parse(String(sent.init.body))).toEqual({ text: 'Meu saque' });
    expect((sent.init.headers as Record<string, string>).Authorization).toBe('Bearer player-token');
    expect(screen.getByLabelText('Mensagem')).toHaveValue('');

    // The operator reads it: ✓ becomes ✓✓.
    act(() => supportHandlers.supportRead({ conversationId: 7, by: 'operator', upTo: 100 }));
    expect(screen.getAllByLabelText('Lida')).toHaveLength(2);
  });

  it('near the 2,000-character limit says how much is used, and at the limit that the rest is left out', async () => {
    useSession.setState({ token: 'player-token' });
    history = [message(2, 'operator', 'Olá!')];
    renderWithApp(<ChatPanel />);
    await screen.findByText('Olá!');
    const field = screen.getByLabelText('Mensagem');
    fireEvent.change(field, { target: { value: 'a'.repeat(1_799) } });
    expect(screen.queryByTestId('length-note')).toBeNull();
    fireEvent.change(field, { target: { value: 'a'.repeat(1_800) } });
    expect(screen.getByTestId('length-note')).toHaveTextContent('1.800 de 2.000 caracteres');
    fireEvent.change(field, { target: { value: 'a'.repeat(2_000) } });
    expect(screen.getByTestId('length-note')).toHaveTextContent(
      'Limite de 2.000 caracteres: o que passar disso não entra',
    );
  });

  it('asks a visitor for an e-mail first, then chats with the visitor token', async () => {
    useSession.setState({ token: '' });
    renderWithApp(<ChatPanel />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Iniciar chat' }));
    await screen.findByLabelText('Mensagem');
    expect(localStorage.getItem('SUPPORT_VISITOR')).toBe('sv_token');
    await user.type(screen.getByLabelText('Mensagem'), 'Olá{Enter}');
    await screen.findByText('Olá');
    const sent = fake.calls.find((c) => c.url.includes('/support/messages'))!;
    expect((sent.init.headers as Record<string, string>)['x-support-visitor']).toBe('sv_token');
  });

  it('refuses a file that is not an image before uploading it', async () => {
    useSession.setState({ token: 'player-token' });
    renderWithApp(<ChatPanel />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['<script>'], 'x.html', { type: 'text/html' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Só é possível enviar imagens');
    expect(fake.calls.some((c) => c.url.includes('/support/attachments'))).toBe(false);
  });

  it('counts unread answers on the floating button', async () => {
    useSession.setState({ token: 'player-token', realtime: null });
    history = [message(2, 'operator', 'Resposta')];
    renderWithApp(<SupportButton />);
    expect(await screen.findByTestId('support-unread')).toHaveTextContent('1');
    act(() => supportHandlers.supportMessage(message(3, 'operator', 'Mais uma')));
    expect(screen.getByTestId('support-unread')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Abrir atendimento (2 novas)' })).toBeTruthy();
  });

  it('steps aside while the page scrolls down; back on the way up, at the end, when focused or an answer is unread', async () => {
    useSession.setState({ token: 'player-token', realtime: null });
    history = [];
    renderWithApp(<SupportButton />);
    const button = screen.getByRole('button', { name: 'Abrir atendimento' });
    const page = document.documentElement;
    Object.defineProperty(page, 'scrollHeight', { value: 5_000, configurable: true });
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
    try {
      scrollTo(400);
      expect(button).toHaveAttribute('data-tucked', 'true');
      scrollTo(404); // a tremble changes nothing
      expect(button).toHaveAttribute('data-tucked', 'true');
      scrollTo(300);
      expect(button).not.toHaveAttribute('data-tucked');
      // The end of the page (its last 8 px under the window) brings it back.
      scrollTo(5_000 - window.innerHeight);
      expect(button).not.toHaveAttribute('data-tucked');
      scrollTo(600);
      scrollTo(900);
      expect(button).toHaveAttribute('data-tucked', 'true');
      // Focused, it stays.
      scrollTo(500);
      act(() => button.focus());
      scrollTo(1_200);
      expect(button).not.toHaveAttribute('data-tucked');
      act(() => button.blur());
      scrollTo(1_600);
      expect(button).toHaveAttribute('data-tucked', 'true');
      act(() => supportHandlers.supportMessage(message(3, 'operator', 'Oi')));
      expect(screen.getByRole('button', { name: /Abrir atendimento \(1 nova/ })).not.toHaveAttribute(
        'data-tucked',
      );
    } finally {
      scrollTo(0);
      delete (page as { scrollHeight?: number }).scrollHeight;
    }
  });

  it('loads the hosted chat (LiveChat) by its license id with the signed-in player’s name and e-mail', async () => {
    useSession.setState({ token: 'player-token' });
    CONFIG = {
      provider: 'livechat',
      licenseId: '19191919',
      name: 'Maria Souza',
      email: 'maria@example.com',
      identity: '7.1796000000.signed-by-the-server',
    };
    renderWithApp(<ChatPanel />);
    await screen.findByText('Abrindo o chat…');
    const scripts = document.head.querySelectorAll<HTMLScriptElement>(`script[src="${TRACKING}"]`);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.async).toBe(true);
    expect((window as { __lc?: unknown }).__lc).toMatchObject({
      license: 19191919,
      visitor: { name: 'Maria Souza', email: 'maria@example.com' },
    });
    // The config was asked with the session (the server names the player from it), and our chat is not shown.
    const asked = fake.calls.find((c) => c.url.includes('/support/config'))!;
    expect((asked.init.headers as Record<string, string>).Authorization).toBe('Bearer player-token');
    expect(screen.queryByLabelText('Mensagem')).toBeNull();
    // Once LiveChat's script has loaded: the server's signed identity as a session variable, then the chat opens.
    const call = vi.fn();
    (window as { LiveChatWidget?: unknown }).LiveChatWidget = { call };
    try {
      scripts[0]!.dispatchEvent(new Event('load'));
      expect(call.mock.calls).toEqual([
        ['set_session_variables', { [SUPPORT_IDENTITY_FIELD]: '7.1796000000.signed-by-the-server' }],
        ['maximize'],
      ]);
    } finally {
      delete (window as { LiveChatWidget?: unknown }).LiveChatWidget;
    }
  });

  it('loads the hosted chat for a visitor without a name or e-mail', async () => {
    useSession.setState({ token: '' });
    CONFIG = { provider: 'livechat', licenseId: '19191919', name: null, email: null, identity: null };
    renderWithApp(<ChatPanel />);
    await waitFor(() => expect(document.head.querySelector(`script[src="${TRACKING}"]`)).not.toBeNull());
    const lc = (window as { __lc?: Record<string, unknown> }).__lc!;
    expect(lc.license).toBe(19191919);
    expect(lc.visitor).toBeUndefined();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });
});

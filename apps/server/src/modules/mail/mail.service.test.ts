import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_CAPTCHA } from '../../../test/helpers';

/**
 * The outside SMTP server, stood in by a minimal one on a free loopback port: it answers the commands
 * nodemailer sends and keeps each message's data.
 */
async function smtpServer() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A free loopback port with nothing listening on it: an SMTP server that is down. */
async function closedPort() {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function signUp(t: Awaited<ReturnType<typeof createTestApp>>, username: string) {
  const codeId = String(10_000_000 + Math.floor(Math.random() * 90_000_000));
  await t.app.inject({ url: `/api/auth/user/captcha/${codeId}` });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/user/restRegister',
    payload: { username, pwd: 'Senha-forte-1', pwd1: 'Senha-forte-1', codeId, captCode: TEST_CAPTCHA },
  });
  expect(res.json().status, res.body).toBe(0);
}

const resetMail = (t: Awaited<ReturnType<typeof createTestApp>>, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/main/RESETPWD/sendEmail', payload: { email } });

describe('mail over SMTP', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('queues a mail and a worker hands it to the SMTP server', async () => {
    const smtp = await smtpServer();
    closing.push(smtp.close);
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, JOBS_POLL_SECONDS: '0.5' });
    closing.push(t.close);
    expect(t.app.mail.transport).toBe('smtp');
    await signUp(t, 'smtp-player@example.com');
    const sent = await resetMail(t, 'smtp-player@example.com');
    expect(sent.statusCode, sent.body).toBe(200);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 20_000, interval: 200 });
    expect(smtp.received[0]).toMatch(/smtp-player@example\.com/);
    expect(smtp.received[0]).toMatch(/\b\d{6}\b/);
  }, 60_000);

  it('answers a reset at once while the SMTP server is down, and retries the mail', async () => {
    const t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      JOBS_POLL_SECONDS: '0.5',
    });
    closing.push(t.close);
    await signUp(t, 'smtp-down@example.com');
    const sent = await resetMail(t, 'smtp-down@example.com');
    expect(sent.statusCode, sent.body).toBe(200);
    // The same answer as for an e-mail nobody registered.
    expect(sent.body).toBe((await resetMail(t, 'nobody-smtp@example.com')).body);
    await vi.waitFor(
      async () =>
        expect(await t.app.jobs.problems()).toContainEqual(
          expect.objectContaining({ name: 'mail.send', state: 'retry' }),
        ),
      { timeout: 20_000, interval: 200 },
    );
  }, 60_000);
});

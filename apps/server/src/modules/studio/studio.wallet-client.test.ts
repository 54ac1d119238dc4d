import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, WalletUnreachable } from './studio.wallet-client';

/** The studio's HTTP client against a stand-in wallet that records what it receives. */
const SECRET = 'a-secret-of-the-studio-for-tests';
let server: http.Server;
let base: string;
const seen: { url: string; signature: string; body: string }[] = [];
let failNext = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url!, signature: String(req.headers['x-signature']), body });
      if (failNext-- > 0) {
        res.writeHead(503).end('busy');
        return;
      }
      const { request_uuid } = JSON.parse(body) as { request_uuid: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'RS_OK', balance: 1234, currency: 'BRL', request_uuid, user: '7' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('studio wallet client', () => {
  it('signs the exact body it sends, repeats it after a 5xx with the same bytes, and answers the wallet', async () => {
    const client = createWalletClient(base, SECRET);
    seen.length = 0;
    failNext = 1;
    const answer = await client.call('user/balance', { request_uuid: 'r-1', token: 't' });
    expect(answer).toEqual({
      status: 'RS_OK',
      balance: 1234,
      currency: 'BRL',
      request_uuid: 'r-1',
      user: '7',
    });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]!.url).toBe('/api/provider/aposta/user/balance');
    expect(seen[0]!.signature).toBe(crypto.createHmac('sha256', SECRET).update(seen[0]!.body).digest('hex'));
    client.close();
  });

  it('gives up with WalletUnreachable after its attempts when nothing answers', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const client = createWalletClient(`http://127.0.0.1:${port}`, SECRET, 2);
    await expect(client.call('user/info', { request_uuid: 'r-2', token: 't' })).rejects.toBeInstanceOf(
      WalletUnreachable,
    );
    client.close();
  });
});

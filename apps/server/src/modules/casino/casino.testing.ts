import crypto from 'node:crypto';
import {
  CASINO_PATH,
  OPERATOR_CASINO_PATH,
  PROVIDER_PATH,
  type WalletAnswer,
  type WalletCall,
} from '@aposta/contracts';
import type { App } from '../../app';
import type { Database } from '../../platform/db';
import { testPlayers, TEST_OPERATOR_KEY } from '../../../test/helpers';
import { signWalletBody } from './casino.wallet';

/**
 * What the casino's test files share: an outside provider configured through the operator routes, players
 * with a launched game, and signed wallet calls over the real HTTP app. For tests only.
 */
export function casinoClient(app: App, database: Database) {
  const { signUp, fund } = testPlayers(app, database);
  const operator = { 'x-operator-key': TEST_OPERATOR_KEY };

  async function provider(code = `p${crypto.randomBytes(4).toString('hex')}`) {
    const secret = crypto.randomBytes(24).toString('hex');
    const res = await app.inject({
      method: 'POST',
      url: `${OPERATOR_CASINO_PATH}/providers`,
      headers: operator,
      payload: { code, name: `Provider ${code}`, secret },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const gameCode = `${code}-slot`;
    const game = await app.inject({
      method: 'POST',
      url: `${OPERATOR_CASINO_PATH}/providers/${code}/games`,
      headers: operator,
      payload: {
        gameCode,
        name: 'Test Slot',
        category: 'slots',
        rtp: 96.5,
        thumbnail: '/t.png',
        launchUrl: `https://games.example.com/${code}/launch`,
      },
    });
    if (game.statusCode !== 200) throw new Error(game.body);

    /** A signed call; `raw` sends those exact bytes, `signature` overrides the header. */
    async function call(
      path: WalletCall,
      body: Record<string, unknown>,
      opts: { raw?: string; signature?: string | null } = {},
    ): Promise<{ http: number; answer: WalletAnswer }> {
      const raw = opts.raw ?? JSON.stringify(body);
      const signature = opts.signature === undefined ? signWalletBody(secret, raw) : opts.signature;
      const res = await app.inject({
        method: 'POST',
        url: `${PROVIDER_PATH}/${code}/${path}`,
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'x-signature': signature }),
        },
        payload: raw,
      });
      return { http: res.statusCode, answer: res.json() as WalletAnswer };
    }
    return { code, secret, gameCode, call };
  }

  /** A funded player with a launched game: the token the provider receives. */
  async function launched(gameCode: string, deposit = 100_000) {
    const p = await signUp('c');
    if (deposit) await fund(p.id, deposit);
    const res = await app.inject({
      method: 'POST',
      url: `${CASINO_PATH}/launch`,
      headers: { authorization: `Bearer ${p.token}` },
      payload: { gameCode },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const url = new URL(res.json().data.url as string);
    return { ...p, gameToken: url.searchParams.get('token')!, url };
  }

  return { provider, launched, signUp, fund, operator };
}

let counter = 0;
/** A fresh uuid-like id. */
export const uid = (prefix = 'x') => `${prefix}-${++counter}-${crypto.randomBytes(6).toString('hex')}`;

/** The signed wallet calls' bodies of one round of a launched game (`token`): bets, wins of a bet, rollbacks. */
export function walletRound(token: string, gameCode: string) {
  const round = uid('r');
  const base = (amount: number) => ({
    request_uuid: uid('q'),
    token,
    round,
    round_closed: false,
    game_code: gameCode,
    currency: 'BRL',
    amount,
  });
  return {
    round,
    bet: (amount: number, transaction_uuid = uid('b')) =>
      ({ ...base(amount), transaction_uuid }) as Record<string, unknown>,
    win: (amount: number, ref: string, transaction_uuid = uid('w')) =>
      ({ ...base(amount), round_closed: true, transaction_uuid, reference_transaction_uuid: ref }) as Record<
        string,
        unknown
      >,
    rollback: (ref: string, transaction_uuid = uid('rb')) =>
      ({ ...base(0), transaction_uuid, reference_transaction_uuid: ref }) as Record<string, unknown>,
  };
}

import crypto from 'node:crypto';
import {
  PROVIDER_PATH,
  STUDIO_PROVIDER_CODE,
  walletAnswer,
  type WalletAnswer,
  type WalletCall,
} from '@aposta/contracts';

/**
 * The studio's side of the seamless wallet: signed JSON over HTTP to the platform, exactly as an outside
 * provider calls it (X-Signature = hex HMAC-SHA256 of the body). A call whose answer is lost is repeated with the
 * same body (same transaction_uuid): the wallet answers a repeat with its first answer.
 */
export interface WalletClient {
  call(path: WalletCall, body: Record<string, unknown>): Promise<WalletAnswer>;
}

export class WalletUnreachable extends Error {}

export function createWalletClient(baseUrl: string, secret: string, attempts = 3): WalletClient {
  return {
    async call(path, body) {
      const raw = JSON.stringify(body);
      const signature = crypto.createHmac('sha256', secret).update(raw).digest('hex');
      let last: unknown;
      for (let i = 0; i < attempts; i++) {
        try {
          const res = await fetch(`${baseUrl}${PROVIDER_PATH}/${STUDIO_PROVIDER_CODE}/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-signature': signature },
            body: raw,
            signal: AbortSignal.timeout(5_000),
          });
          if (res.status >= 500) throw new Error(`wallet answered HTTP ${res.status}`);
          return walletAnswer.parse(await res.json());
        } catch (err) {
          last = err;
          await new Promise((r) => setTimeout(r, 50 * (i + 1)));
        }
      }
      throw new WalletUnreachable(`wallet ${path} failed: ${String(last)}`);
    },
  };
}

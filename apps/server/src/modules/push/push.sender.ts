import webpush from 'web-push';

/** A browser's subscription, as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

/**
 * The browsers' push services (an outside party) behind one interface: `send` delivers one encrypted
 * message and answers the service's HTTP status (201 accepted; 404/410 the subscription is gone).
 */
export interface PushSender {
  send(target: PushTarget, payload: string): Promise<{ statusCode: number }>;
}

/** A day: a phone switched off for longer does not get stale "deposit credited" messages. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291): `web-push` makes the
 * request (encrypted body, signed Authorization header), fetch sends it with a time limit.
 */
export function createWebPushSender(vapid: VapidKeys, timeoutMs = 10_000): PushSender {
  return {
    async send(target, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      await res.body?.cancel();
      return { statusCode: res.status };
    },
  };
}

/** A key pair for one process (sandbox and tests without VAPID_* settings). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

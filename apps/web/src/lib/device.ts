import { useAppState } from './app-state';

let pending: Promise<string> | undefined;

/**
 * The device id: a browser fingerprint from the open-source FingerprintJS library, computed once per tab
 * session and kept under DEVICE_ID. Loaded on demand so it stays out of the first paint.
 */
export function deviceId(): Promise<string> {
  const known = useAppState.getState().deviceId;
  if (known) return Promise.resolve(known);
  pending ??= import('@fingerprintjs/fingerprintjs')
    .then((fp) => fp.load({ monitoring: false }))
    .then((agent) => agent.get())
    .then((result) => result.visitorId)
    .catch(() => crypto.randomUUID().replace(/-/g, ''))
    .then((id) => {
      useAppState.getState().setDeviceId(id);
      return id;
    });
  return pending;
}

/** The only reader of import.meta.env (lint forbids it elsewhere). Operator links are optional build-time settings. */
const e = import.meta.env;

function optionalUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : undefined;
}

export const env = {
  dev: e.DEV,
  /** Same origin in production; the dev server proxies /api. */
  apiBase: typeof e.VITE_API_BASE === 'string' ? e.VITE_API_BASE : '',
  /** The fixed device-type header value of the web app. */
  deviceType: 'web',
  /** Operator channels (spec: social link, messaging-app support link, app download). */
  socialUrl: optionalUrl(e.VITE_SOCIAL_URL),
  messagingUrl: optionalUrl(e.VITE_MESSAGING_URL),
  downloadUrl: optionalUrl(e.VITE_DOWNLOAD_URL),
  /** Advertising pixel id: the first deposit's Purchase event is sent only when it is set. */
  pixelId:
    typeof e.VITE_PIXEL_ID === 'string' && /^\w{1,64}$/.test(e.VITE_PIXEL_ID) ? e.VITE_PIXEL_ID : undefined,
};

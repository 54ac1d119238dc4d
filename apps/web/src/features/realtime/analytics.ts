import { env } from '../../lib/env';

/** The advertising side of a first deposit (paySuccess with czflag 0). */
export interface AnalyticsAdapter {
  purchase: (payTime: number) => void;
}

type Pixel = (command: 'track', event: 'Purchase', data: Record<string, unknown>) => void;

/** Does nothing unless a pixel id is configured and the page has loaded the operator's pixel (window.fbq). */
export function createAnalytics(pixelId: string | undefined = env.pixelId): AnalyticsAdapter {
  return {
    purchase(payTime) {
      if (!pixelId) return;
      const fbq = (window as unknown as { fbq?: Pixel }).fbq;
      fbq?.('track', 'Purchase', { currency: 'BRL', payTime });
    },
  };
}

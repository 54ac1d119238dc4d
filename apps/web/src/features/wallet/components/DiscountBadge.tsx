import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** expiredTime may come in seconds or milliseconds since the epoch. */
function expiryMs(expiredTime: number): number {
  return expiredTime < 1e12 ? expiredTime * 1000 : expiredTime;
}

function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** payDiscount: shown as 100 times the fraction, with a one-second countdown to expiry (spec section 9). */
export function DiscountBadge({ discount, expiredTime }: { discount: number; expiredTime: number }) {
  const { t } = useTranslation('wallet');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = expiryMs(expiredTime) - now;
  if (left <= 0 || !(discount > 0)) return null;
  const percent = Math.round(discount * 10_000) / 100;
  return (
    <p
      className="rounded-xl border border-violet/50 bg-violet/15 px-12 py-8 text-center text-sm font-semibold text-violet-100"
      role="status"
    >
      {t('deposit.discount', { percent, time: countdown(left) })}
    </p>
  );
}

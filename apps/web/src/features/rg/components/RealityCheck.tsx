import type { RgSession } from '@aposta/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { fetchSession, recordRealityCheck, useRealityMinutes } from '../api/reality';

/**
 * The reality check: every N minutes of the session the player chose (GET /api/app/rg/limits
 * `realityCheckMinutes`; the session's start from GET /api/app/rg/session), a dialog
 * with the time played and the net result since sign-in (POST /api/app/rg/session/check, which records it). `onStop` is the app's
 * sign-out flow; `onLimits` opens the responsible-gaming page.
 */
export function RealityCheck({ onStop, onLimits }: { onStop: () => void; onLimits: () => void }) {
  const { t } = useTranslation('rg');
  const token = useSession((s) => s.token);
  const lang = useAppState((s) => s.lang);
  const minutes = useRealityMinutes(token).data ?? null;
  const [shown, setShown] = useState<RgSession | null>(null);

  // Every N minutes of the session, counted from its sign-in (the server's), not from this page's load: a
  // reload or a reopened app would otherwise put the reminder off again and again.
  useEffect(() => {
    if (!token || !minutes) return undefined;
    const period = minutes * 60_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (since: number) => {
      const elapsed = Math.max(0, Date.now() - since);
      timer = setTimeout(
        () => {
          recordRealityCheck()
            .then((s) => !stopped && setShown(s))
            .catch(() => undefined);
          if (!stopped) schedule(since);
        },
        period - (elapsed % period) || period,
      );
    };
    fetchSession().then(
      (s) => !stopped && schedule(Date.parse(s.since)),
      () => !stopped && schedule(Date.now()),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, minutes]);

  if (!shown || !token) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-16">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="rg-reality-title"
        className="flex w-full max-w-360 flex-col gap-12 rounded-xl border border-line bg-raised p-16"
      >
        <h2 id="rg-reality-title" className="text-lg font-bold">
          {t('realityTitle')}
        </h2>
        <p>{t('realityText', { minutes: shown.minutesPlayed, net: displayMoney(shown.netResult, lang) })}</p>
        <Button onClick={() => setShown(null)}>{t('keepPlaying')}</Button>
        <Button
          variant="outline"
          onClick={() => {
            setShown(null);
            onLimits();
          }}
        >
          {t('seeLimits')}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            setShown(null);
            onStop();
          }}
        >
          {t('stop')}
        </Button>
      </div>
    </div>
  );
}

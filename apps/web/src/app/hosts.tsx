import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePwa } from '../lib/pwa';
import { dismissAlert, useUi } from '../lib/ui';

/** Modal messages with the 'Eu entendi' button, one at a time. */
export function AlertHost() {
  const { t } = useTranslation();
  const alert = useUi((s) => s.alerts[0]);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (alert) button.current?.focus();
  }, [alert]);
  if (!alert) return null;
  return (
    <div className="fixed inset-0 z-[60] mx-auto flex max-w-393 items-center justify-center bg-black/70 px-28">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`alert-${alert.id}`}
        className="w-full rounded-2xl border border-line bg-panel p-20 text-center shadow-2xl"
      >
        <p id={`alert-${alert.id}`} className="whitespace-pre-line text-base">
          {alert.message}
        </p>
        <button
          ref={button}
          type="button"
          onClick={() => dismissAlert(alert.id)}
          className="btn-gold mt-18 min-h-44 w-full rounded-xl font-bold"
        >
          {t('common.ok')}
        </button>
      </div>
    </div>
  );
}

/**
 * Short confirmations, 1500 ms each; a newer one replaces the one on screen, opaque so the page title it passes
 * over does not read through it. It sits just under the header
 * (56 px and its border), never on it: the header's balance is what a player watches move after a bet or a
 * payout. It lets taps through; the middle of a phone screen holds the content of open sheets (the deposit
 * tiles) and its bottom their main buttons (the bet slip's bet button).
 */
export function ToastHost() {
  const latest = useUi((s) => s.toasts.at(-1));
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 top-[calc(0.65rem+env(safe-area-inset-top))] z-[70] mx-auto flex max-w-393 justify-center px-16"
    >
      {latest ? (
        <p
          key={latest.id}
          className="rounded-xl border border-line bg-deep px-16 py-10 text-center text-sm text-text shadow-lg shadow-black/50"
        >
          {latest.message}
        </p>
      ) : null}
    </div>
  );
}

/** The global loading indicator: a thin bar while a request that asked for it is in flight. */
export function LoadingBar() {
  const { t } = useTranslation();
  const loading = useUi((s) => s.loading > 0);
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('common.loading')}
      className="fixed inset-x-0 top-0 z-[80] mx-auto h-3 max-w-393 overflow-hidden bg-gold/20"
      data-testid="loading"
    >
      <div className="loading-bar h-full w-2/5 bg-gold" />
    </div>
  );
}

/**
 * "Nova versão disponível": a new version's service worker is installed and waits. Updating lets it take over
 * and reloads the page; until then the player keeps the version on screen (nothing reloads under a bet).
 */
export function UpdateToast() {
  const { t } = useTranslation();
  const ready = usePwa((s) => s.updateReady);
  if (!ready) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-[calc(0.75rem+env(safe-area-inset-bottom))] z-[75] mx-auto flex max-w-393 px-12"
    >
      <div className="flex w-full items-center gap-12 rounded-xl border border-gold/40 bg-panel py-6 pl-14 pr-6 shadow-2xl">
        <span className="flex-1 text-sm">{t('common.updateReady')}</span>
        <button
          type="button"
          onClick={() => void import('../lib/pwa-worker').then((m) => m.applyUpdate())}
          className="btn-gold min-h-44 rounded-lg px-16 font-bold"
        >
          {t('common.update')}
        </button>
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { useAppState } from '../../../lib/app-state';
import { acceptTerms } from '../api/accept';
import { termsDate } from '../version-date';

/**
 * "Atualizamos os termos de serviço": over a signed-in player who accepted an older version of the terms
 * (userInfo `termsVersion`; `OverlayHost` decides). It has no close: the player reads the
 * terms (/termos, in a tab of its own, so this stays) and accepts them, or signs out (`onSignOut`).
 */
export function TermsUpdate({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation('legal');
  const lang = useAppState((s) => s.lang);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // The accept button takes the focus, as a dialog's first answer does.
  useEffect(() => panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus(), []);

  async function onAccept() {
    setBusy(true);
    try {
      await acceptTerms();
    } catch {
      // The request client has said why; the sheet stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="fixed inset-0 z-50 mx-auto flex max-w-393 items-end justify-center bg-black/60">
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="terms-update-title"
        aria-describedby="terms-update-text"
        className="safe-bottom flex w-full flex-col gap-12 rounded-t-2xl border border-line bg-raised p-16"
      >
        <h2 id="terms-update-title" className="text-lg font-bold">
          {t('updateTitle')}
        </h2>
        <p id="terms-update-text">{t('updateText', { date: termsDate(lang) })}</p>
        <a
          href="/termos"
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-44 items-center self-start text-sm text-gold underline"
        >
          {t('updateRead')}
        </a>
        <Button data-autofocus disabled={busy} onClick={() => void onAccept()}>
          {t('updateAccept')}
        </Button>
        <Button variant="outline" disabled={busy} onClick={onSignOut}>
          {t('updateSignOut')}
        </Button>
      </div>
    </div>
  );
}

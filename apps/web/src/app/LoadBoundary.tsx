import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button';
import { reloadPage } from '../lib/navigation';

/**
 * A screen whose code did not come in (a dropped connection on 4G, or a version deployed meanwhile) or that
 * failed to render says so in its place, under the header and above the bottom bar, instead of React taking the
 * whole app off the screen. Its button reloads the page: a browser keeps a failed module import failed, so only
 * a reload asks for it again. Another screen (`resetKey`, the address) gets a fresh try.
 */
export function LoadBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={LoadFailed} resetKeys={[resetKey]}>
      {children}
    </ErrorBoundary>
  );
}

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-12 mt-24 flex flex-col items-center gap-12 rounded-2xl border border-line bg-deep p-16 text-center"
    >
      <p className="text-base text-text">{t('common.loadFailed')}</p>
      <p className="text-sm text-muted">{t('errors.internetSlow')}</p>
      <Button onClick={reloadPage}>{t('common.retry')}</Button>
    </div>
  );
}

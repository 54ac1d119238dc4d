import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { i18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { alertMessage, openOverlay } from '../../lib/ui';

const ActivityPage = lazy(() =>
  import('../../features/activities').then((m) => ({ default: m.ActivityPage })),
);

/** /active{id}: the activity page (features/activities). */
export function ActivePage({ id }: { id: string }) {
  return (
    <Suspense fallback={null}>
      <ActivityPage id={id} />
    </Suspense>
  );
}

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center px-24 py-56 text-center" aria-labelledby="error-title">
      <div
        className="mb-16 flex size-72 items-center justify-center rounded-full border border-rose/40 bg-rose/10 text-3xl font-black text-rose"
        aria-hidden="true"
      >
        !
      </div>
      <h1 id="error-title" className="text-xl font-bold">
        {t('errors.pageTitle')}
      </h1>
      <p className="mt-10 max-w-280 text-sm text-muted">{t('errors.pageText')}</p>
      <a href="/home" className="btn-gold mt-24 inline-flex min-h-44 items-center rounded-xl px-20 font-bold">
        {t('common.backHome')}
      </a>
    </section>
  );
}

let guardAlertOpen = false;

/**
 * Login-required routes (/share, /gameMess, /dice): without a token, the alert 'Por favor, faça login
 * primeiro', then home, then the login overlay (spec section 2).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  useEffect(() => {
    if (token || guardAlertOpen) return;
    guardAlertOpen = true;
    void alertMessage(i18n.t('errors.pleaseLogin')).then(() => {
      guardAlertOpen = false;
      navigate('/home', { replace: true });
      openOverlay('login');
    });
  }, [token, navigate]);
  return token ? children : null;
}

/** Paths with an inline parameter: /y{yqm}, /zgo{token}, /active{id}; anything else goes to /. */
export function ParamPath({
  onInvite,
  onLoginLink,
}: {
  onInvite: (yqm: string) => void;
  onLoginLink: (token: string) => void;
}) {
  const { pathname } = useLocation();
  const invite = /^\/y([A-Za-z0-9]{1,32})\/?$/.exec(pathname);
  const link = /^\/zgo([A-Za-z0-9_-]{16,128})\/?$/.exec(pathname);
  const active = /^\/active([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    if (invite) {
      handled.current = true;
      onInvite(invite[1]!);
    } else if (link) {
      handled.current = true;
      onLoginLink(link[1]!);
    }
  });
  if (active) return <ActivePage id={active[1]!} />;
  if (invite || link) return null;
  return <Navigate to="/" replace />;
}

import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { GameArt, type GameArtName } from './GameArt';

// The hot games read the server (and so bring the query library): their own chunk, after the first paint.
const HotGames = lazy(() => import('./HotGames'));

const originals: { path: string; name: GameArtName; tint: string }[] = [
  { path: '/mines', name: 'mines', tint: 'from-sky-500/30' },
  { path: '/dice', name: 'dice', tint: 'from-rose-500/30' },
  { path: '/limbo', name: 'limbo', tint: 'from-indigo-500/30' },
  { path: '/plinko', name: 'plinko', tint: 'from-orange-500/30' },
  { path: '/luckyColor', name: 'luckyColor', tint: 'from-emerald-500/30' },
  { path: '/rowDouble', name: 'rowDouble', tint: 'from-red-500/30' },
  { path: '/double', name: 'double', tint: 'from-amber-500/30' },
  { path: '/crash', name: 'crash', tint: 'from-fuchsia-500/30' },
];

/**
 * Home: what the platform offers, and the doors to it. No figures are shown that the server did not give.
 * `promotions` is what the app puts under the hero (the live activities; features do not import each other).
 */
export function HomePage({ promotions }: { promotions?: ReactNode } = {}) {
  const { t } = useTranslation('home');
  const token = useSession((s) => s.token);
  return (
    <div className="flex flex-col gap-20 px-12 pb-24 pt-12">
      <section
        className="relative overflow-hidden rounded-2xl border border-gold/25 bg-gradient-to-br from-[#3b1d78] via-[#1c1f4a] to-[#0f1329] p-16"
        aria-labelledby="hero-title"
      >
        <img
          src="/hero.svg"
          alt=""
          width={170}
          height={150}
          fetchPriority="high"
          className="pointer-events-none absolute -right-10 -top-4 h-150 w-170"
        />
        <h1 id="hero-title" className="relative max-w-220 text-2xl font-extrabold text-gold-gradient">
          {t('heroTitle')}
        </h1>
        <p className="relative mt-8 max-w-210 text-sm text-text/85">{t('heroText')}</p>
        {token ? (
          <a
            href="#originals"
            className="btn-gold relative mt-14 inline-flex min-h-44 items-center rounded-xl px-18 font-bold"
          >
            {t('heroCtaLogged')}
          </a>
        ) : (
          <button
            type="button"
            onClick={() => openOverlay('register')}
            className="btn-gold relative mt-14 inline-flex min-h-44 items-center rounded-xl px-18 font-bold"
          >
            {t('heroCta')}
          </button>
        )}
      </section>

      {promotions}

      <Suspense fallback={null}>
        <HotGames />
      </Suspense>

      <section aria-labelledby="originals" className="flex flex-col gap-10">
        <h2 id="originals" className="flex items-center gap-6 text-lg font-bold">
          <Icon name="dice" className="size-18 text-gold" />
          {t('originals')}
        </h2>
        <ul className="grid grid-cols-3 gap-8">
          {originals.map((g) => (
            <li key={g.path}>
              <Link
                to={g.path}
                className={`flex aspect-[4/5] flex-col items-center justify-center gap-6 rounded-xl border border-line bg-gradient-to-b ${g.tint} to-panel p-6 text-center text-sm font-semibold hover:border-gold/60`}
              >
                <GameArt name={g.name} />
                {t(`translation:pages.${g.name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="grid grid-cols-1 gap-8" aria-label={t('translation:nav.main')}>
        {[
          { to: '/footballPage', icon: 'ball' as const, title: t('sports'), text: t('sportsText') },
          { to: '/casino', icon: 'spade' as const, title: t('casino'), text: t('casinoText') },
          { to: '/vip', icon: 'crown' as const, title: t('promotions'), text: t('promotionsText') },
        ].map((c) => (
          <Link
            key={c.to}
            to={c.to}
            className="flex min-h-64 items-center gap-12 rounded-xl border border-line bg-panel px-14 hover:border-gold/60"
          >
            <span className="flex size-40 items-center justify-center rounded-full bg-gold/15 text-gold">
              <Icon name={c.icon} className="size-22" />
            </span>
            <span className="flex-1">
              <span className="block font-semibold">{c.title}</span>
              <span className="block text-xs text-muted">{c.text}</span>
            </span>
            <Icon name="chevron" className="size-16 text-muted" />
          </Link>
        ))}
      </section>

      <footer className="mt-8 flex gap-10 border-t border-line pt-16 text-xs text-muted">
        <span className="flex size-36 shrink-0 items-center justify-center rounded-full border-2 border-rose font-bold text-rose">
          {t('footerAge')}
        </span>
        <div className="flex flex-col gap-6">
          <p>{t('footerText')}</p>
          <div className="flex flex-wrap gap-x-16">
            <Link to="/jogoResponsavel" className="inline-flex min-h-44 items-center text-gold underline">
              {t('footerRg')}
            </Link>
            <Link to="/termos" className="inline-flex min-h-44 items-center text-gold underline">
              {t('footerTerms')}
            </Link>
          </div>
        </div>
      </footer>
    </div>
  );
}

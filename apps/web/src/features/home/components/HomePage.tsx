import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { GameArt, type GameArtName } from './GameArt';

const originals: { path: string; name: GameArtName; tint: string }[] = [
  { path: '/mines', name: 'mines', tint: 'from-sky-500/30' },
  { path: '/dice', name: 'dice', tint: 'from-rose-500/30' },
  { path: '/limbo', name: 'limbo', tint: 'from-indigo-500/30' },
  { path: '/luckyColor', name: 'luckyColor', tint: 'from-emerald-500/30' },
  { path: '/rowDouble', name: 'rowDouble', tint: 'from-red-500/30' },
  { path: '/double', name: 'double', tint: 'from-amber-500/30' },
];

/** Home: what the platform offers, and the doors to it. No figures are shown that the server did not give. */
export function HomePage() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  return (
    <div className="flex flex-col gap-20 px-12 pb-24 pt-12">
      <section className="relative overflow-hidden rounded-2xl border border-gold/25 bg-gradient-to-br from-[#3b1d78] via-[#1c1f4a] to-[#0f1329] p-16" aria-labelledby="hero-title">
        <svg viewBox="0 0 160 140" className="pointer-events-none absolute -right-10 -top-4 h-150 w-170 opacity-90" aria-hidden="true">
          <clipPath id="hero-ball">
            <circle cx="108" cy="58" r="34" />
          </clipPath>
          <circle cx="108" cy="58" r="34" fill="#f8fafc" />
          <g clipPath="url(#hero-ball)" fill="#1b1b2f">
            <path d="M108 44l13 9.5-5 15.5h-16l-5-15.5z" />
            <path d="M108 44V30M121 53.5l13-4.5M116 69l8 12M100 69l-8 12M95 53.5l-13-4.5" stroke="#1b1b2f" strokeWidth="2.5" />
            <path d="M98 22l10-4 10 4-2 9h-16z" />
            <path d="M137 42l6 11-3 11-8-5 1-12z" />
            <path d="M79 42l-6 11 3 11 8-5-1-12z" />
            <path d="M118 92l9-6 2-9-9-1-6 9z" />
            <path d="M98 92l-9-6-2-9 9-1 6 9z" />
          </g>
          <circle cx="108" cy="58" r="34" fill="none" stroke="#cbd5e1" strokeWidth="1.5" />
          <rect x="30" y="66" width="40" height="56" rx="6" fill="#f8c94a" transform="rotate(-16 50 94)" />
          <path d="M47 86s-9 7-9 13a5 5 0 009 3l-2 6h6l-2-6a5 5 0 009-3c0-6-9-13-9-13z" fill="#2a1700" transform="rotate(-16 50 94)" />
          <circle cx="140" cy="112" r="14" fill="#33e0a1" />
          <circle cx="140" cy="112" r="9" fill="none" stroke="#0f5132" strokeWidth="3" strokeDasharray="4 3" />
        </svg>
        <h1 id="hero-title" className="relative max-w-220 text-2xl font-extrabold text-gold-gradient">
          {t('home.heroTitle')}
        </h1>
        <p className="relative mt-8 max-w-210 text-sm text-text/85">{t('home.heroText')}</p>
        {token ? (
          <a href="#originals" className="btn-gold relative mt-14 inline-flex min-h-44 items-center rounded-xl px-18 font-bold">
            {t('home.heroCtaLogged')}
          </a>
        ) : (
          <button type="button" onClick={() => openOverlay('register')} className="btn-gold relative mt-14 inline-flex min-h-44 items-center rounded-xl px-18 font-bold">
            {t('home.heroCta')}
          </button>
        )}
      </section>

      <section aria-labelledby="originals" className="flex flex-col gap-10">
        <h2 id="originals" className="flex items-center gap-6 text-lg font-bold">
          <Icon name="dice" className="size-18 text-gold" />
          {t('home.originals')}
        </h2>
        <ul className="grid grid-cols-3 gap-8">
          {originals.map((g) => (
            <li key={g.path}>
              <Link to={g.path} className={`flex aspect-[4/5] flex-col items-center justify-center gap-6 rounded-xl border border-line bg-gradient-to-b ${g.tint} to-panel p-6 text-center text-sm font-semibold hover:border-gold/60`}>
                <GameArt name={g.name} />
                {t(`pages.${g.name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="grid grid-cols-1 gap-8" aria-label={t('nav.main')}>
        {[
          { to: '/footballPage', icon: 'ball' as const, title: t('home.sports'), text: t('home.sportsText') },
          { to: '/play', icon: 'spade' as const, title: t('home.casino'), text: t('home.casinoText') },
          { to: '/vip', icon: 'crown' as const, title: t('home.promotions'), text: t('home.promotionsText') },
        ].map((c) => (
          <Link key={c.to} to={c.to} className="flex min-h-64 items-center gap-12 rounded-xl border border-line bg-panel px-14 hover:border-gold/60">
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
        <span className="flex size-36 shrink-0 items-center justify-center rounded-full border-2 border-rose font-bold text-rose">{t('home.footerAge')}</span>
        <p>{t('home.footerText')}</p>
      </footer>
    </div>
  );
}

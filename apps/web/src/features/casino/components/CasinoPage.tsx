import { CASINO_CATEGORIES, type CasinoCategory, type CasinoGame } from '@aposta/contracts';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlameIcon, GameTile } from '../../../components/ui/GameTile';
import { Icon } from '../../../components/ui/Icon';
import { useHotGames } from '../api/hot';
import { useLobby } from '../api/lobby';
import { GameSheet } from './GameSheet';
import { MyRounds } from './MyRounds';

function Chip({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      onClick={onClick}
      className={`flex min-h-36 shrink-0 items-center gap-5 rounded-full border px-14 text-sm font-semibold transition-colors ${
        active ? 'border-gold bg-gold/15 text-gold' : 'border-line bg-panel text-muted hover:text-text'
      }`}
    >
      {children}
    </button>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-18 text-muted" aria-hidden="true">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The casino lobby (`/casino`): search, categories, provider filter, the operator's hot games and the games
 * as tiles. A tile opens the game's sheet (figures, play for real or in demo).
 */
export function CasinoPage() {
  const { t } = useTranslation('casino');
  const [category, setCategory] = useState<CasinoCategory | undefined>();
  const [provider, setProvider] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [chosen, setChosen] = useState<CasinoGame | null>(null);
  const lobby = useLobby({ category, q, provider });
  // The full catalogue's counts name the categories and providers, whatever the filter.
  const all = useLobby({}).data;
  const hot = useHotGames().data ?? [];
  const searchId = useId();
  const providerId = useId();
  const filtered = Boolean(category || provider || q);
  const counts = new Map((all?.categories ?? []).map((c) => [c.category, c.count]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const games = lobby.data?.games ?? [];

  return (
    <section className="flex flex-col gap-14 px-12 pb-24 pt-12" aria-labelledby="casino-title">
      <header>
        <h1 id="casino-title" className="flex items-center gap-8 text-xl font-extrabold">
          <Icon name="spade" className="size-20 text-gold" />
          {t('title')}
        </h1>
        <p className="text-xs text-muted">{t('subtitle')}</p>
      </header>

      {/* The provider filter is as wide as its longest name (a provider's name is never cut short): the search
          takes the rest of the row, and when that would leave it too narrow the filter drops to its own line. */}
      <div className="flex flex-wrap gap-8">
        <label htmlFor={searchId} className="sr-only">
          {t('search')}
        </label>
        <div className="flex min-h-44 min-w-0 grow basis-180 items-center gap-8 rounded-xl border border-line bg-panel px-12 focus-within:border-gold/70">
          <SearchIcon />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('searchPlaceholder')}
            maxLength={80}
            className="min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted/70"
          />
        </div>
        <label htmlFor={providerId} className="sr-only">
          {t('provider')}
        </label>
        <select
          id={providerId}
          value={provider ?? ''}
          onChange={(e) => setProvider(e.target.value || undefined)}
          title={all?.providers.find((p) => p.code === provider)?.name ?? t('allProviders')}
          className="min-h-44 max-w-full shrink-0 truncate rounded-xl border border-line bg-panel px-8 text-sm text-text"
        >
          <option value="">{t('allProviders')}</option>
          {(all?.providers ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </div>

      <div role="tablist" aria-label={t('category')} className="-mx-12 flex gap-8 overflow-x-auto px-12 pb-2">
        <Chip active={!category} onClick={() => setCategory(undefined)}>
          {t('all')}
          <span className="text-2xs opacity-70">{total}</span>
        </Chip>
        {CASINO_CATEGORIES.filter((c) => (counts.get(c) ?? 0) > 0).map((c) => (
          <Chip key={c} active={category === c} onClick={() => setCategory(c)}>
            {t(`categories.${c}`)}
            <span className="text-2xs opacity-70">{counts.get(c)}</span>
          </Chip>
        ))}
      </div>

      {!filtered && hot.length > 0 ? (
        <section aria-labelledby="casino-hot" className="flex flex-col gap-8">
          <h2 id="casino-hot" className="flex items-center gap-6 text-base font-bold">
            <FlameIcon />
            {t('hot')}
          </h2>
          <ul className="-mx-12 flex gap-10 overflow-x-auto px-12 pb-4">
            {hot.map((g) => (
              <li key={g.gameCode} className="w-104 shrink-0">
                <GameTile
                  name={g.name}
                  provider={g.providerName}
                  thumbnail={g.thumbnail}
                  badge={t('hotBadge')}
                  onOpen={() => setChosen(g)}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="casino-games" className="flex flex-col gap-8">
        <h2 id="casino-games" className="text-base font-bold">
          {q
            ? t('searchResults', { q })
            : category
              ? t(`categories.${category}`)
              : provider
                ? (all?.providers.find((p) => p.code === provider)?.name ?? t('allGames'))
                : t('allGames')}
          {lobby.data ? <span className="ml-6 text-xs font-normal text-muted">({games.length})</span> : null}
        </h2>
        {lobby.isPending ? (
          <ul className="grid grid-cols-3 gap-10" aria-busy="true" aria-label={t('loading')}>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="aspect-[4/5] animate-pulse rounded-xl bg-panel" />
            ))}
          </ul>
        ) : lobby.isError ? (
          <div className="flex flex-col items-center gap-10 rounded-xl border border-line bg-panel p-20 text-center text-sm">
            <p className="text-muted">{t('loadFailed')}</p>
            <button
              type="button"
              onClick={() => void lobby.refetch()}
              className="min-h-44 px-12 font-semibold text-gold"
            >
              {t('retry')}
            </button>
          </div>
        ) : games.length === 0 ? (
          <p
            className="rounded-xl border border-line bg-panel p-20 text-center text-sm text-muted"
            data-testid="lobby-empty"
          >
            {t('empty')}
          </p>
        ) : (
          <ul className="grid grid-cols-3 gap-x-10 gap-y-12" data-testid="lobby-games">
            {games.map((g) => (
              <li key={g.gameCode} data-testid="lobby-game" data-game={g.gameCode}>
                <GameTile
                  name={g.name}
                  provider={g.providerName}
                  thumbnail={g.thumbnail}
                  badge={g.hot ? t('hotBadge') : undefined}
                  onOpen={() => setChosen(g)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <MyRounds />
      {chosen ? <GameSheet game={chosen} onClose={() => setChosen(null)} /> : null}
    </section>
  );
}

import { SPORTS, type SportCode, type SportsEventListItem } from '@aposta/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSportsEvents, useSportsList } from '../api/sports';
import { formatPrice, selectionLabel, SHORT } from '../logic/markets';
import { legOf, syncLegs, toggleLeg, useSlip } from '../logic/slip';
import { PriceButton } from './PriceButton';
import { SportIcon } from './SportIcon';
import { SportsShell, useLocale } from './SportsShell';
import { EventClock } from './Scoreboard';

const isSport = (s: string | null): s is SportCode => !!s && (SPORTS as readonly string[]).includes(s);

/**
 * The sports home (`/footballPage`, and `?sport=` for the other eleven): the twelve sports with their live
 * counts, then the chosen sport's live or upcoming events with their main market, ready to tap into the slip.
 */
export function SportsPage() {
  const { t } = useTranslation('sports');
  const [params, setParams] = useSearchParams();
  const sport: SportCode = isSport(params.get('sport')) ? (params.get('sport') as SportCode) : 'football';
  const list = useSportsList().data;
  const counts = new Map(list?.map((s) => [s.sport, s]));
  const liveHere = counts.get(sport)?.live ?? 0;
  const tab =
    params.get('tab') === 'live' || (params.get('tab') === null && liveHere > 0) ? 'live' : 'upcoming';
  const set = (next: Record<string, string>) => setParams({ sport, tab, ...next }, { replace: true });

  return (
    <SportsShell>
      <header className="flex items-end justify-between">
        <h1 className="text-xl font-extrabold">{t('title')}</h1>
        <Link to="/footballPage/bets" className="text-sm font-semibold text-gold">
          {t('myBets.title')}
        </Link>
      </header>
      <nav aria-label={t('title')} className="-mx-12 overflow-x-auto px-12">
        <ul className="flex gap-6">
          {SPORTS.map((s) => {
            const c = counts.get(s);
            const on = s === sport;
            return (
              <li key={s}>
                <button
                  type="button"
                  onClick={() => set({ sport: s, tab: (c?.live ?? 0) > 0 ? 'live' : 'upcoming' })}
                  aria-pressed={on}
                  data-testid={`sport-${s}`}
                  className={`relative flex min-h-64 w-72 flex-col items-center justify-center gap-4 rounded-xl border text-2xs font-semibold ${on ? 'border-gold bg-gold/15 text-gold' : 'border-line bg-panel text-muted'}`}
                >
                  <SportIcon sport={s} className="size-22" />
                  {/* Two lines for the long names ("Futebol americano", "Tênis de mesa"), never cut. */}
                  <span className="line-clamp-2 max-w-full px-2 text-center leading-tight [overflow-wrap:anywhere]">
                    {t(`sports.${s}`)}
                  </span>
                  {c?.live ? (
                    <span
                      className="absolute right-4 top-4 rounded-full bg-rose px-4 text-[10px] leading-16 text-white"
                      aria-label={t('liveCount', { count: c.live })}
                    >
                      {c.live}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div role="tablist" className="grid grid-cols-2 rounded-xl border border-line bg-deep/70 p-4">
        {(['live', 'upcoming'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => set({ tab: k })}
            className={`min-h-40 rounded-lg text-sm font-semibold ${tab === k ? 'bg-raised text-text' : 'text-muted'}`}
          >
            {t(`tabs.${k}`)}
            {k === 'live' && liveHere ? <span className="ml-6 text-rose">● {liveHere}</span> : null}
          </button>
        ))}
      </div>
      <EventList key={`${sport}-${tab}`} sport={sport} live={tab === 'live'} />
    </SportsShell>
  );
}

function EventList({ sport, live }: { sport: SportCode; live: boolean }) {
  const { t } = useTranslation('sports');
  const query = useSportsEvents(sport, live);
  // The slip follows the main markets on screen, as on an event's page: no stale price beside a fresh one.
  useEffect(() => {
    if (query.data) syncLegs(query.data.flatMap((e) => (e.main ? [e.main] : [])));
  }, [query.data]);
  if (query.isPending) return <p className="py-24 text-center text-sm text-muted">{t('loading')}</p>;
  if (query.isError)
    return (
      <div className="flex flex-col items-center gap-8 py-24 text-sm text-muted" role="alert">
        {t('loadFailed')}
        <button type="button" className="font-semibold text-gold" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  const events = query.data;
  if (events.length === 0)
    return <p className="py-24 text-center text-sm text-muted">{live ? t('noLive') : t('noUpcoming')}</p>;
  const byCompetition = new Map<string, SportsEventListItem[]>();
  for (const e of events) byCompetition.set(e.competition, [...(byCompetition.get(e.competition) ?? []), e]);
  return (
    <div className="flex flex-col gap-12" data-testid="event-list">
      {[...byCompetition].map(([competition, list]) => (
        <section key={competition} className="overflow-hidden rounded-xl border border-line bg-panel">
          <h2 className="border-b border-line bg-deep/60 px-10 py-6 text-xs font-bold text-muted">
            {competition}
          </h2>
          <ul>
            {list.map((e) => (
              <EventRow key={e.eventId} event={e} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function EventRow({ event }: { event: SportsEventListItem }) {
  const { t } = useTranslation('sports');
  const locale = useLocale();
  const legs = useSlip((s) => s.legs);
  const main = event.main;
  const starts = new Date(event.startsAt);
  const today = starts.toDateString() === new Date().toDateString();
  const time = starts.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return (
    <li className="border-b border-line/60 px-10 py-8 last:border-b-0" data-testid="event-row">
      <Link to={`/footballPage/${event.eventId}`} className="flex items-center gap-8">
        <span className="w-56 shrink-0 text-2xs text-muted">
          {event.live ? (
            <EventClock event={event} />
          ) : today ? (
            t('today', { time })
          ) : (
            // Another day: the date and the kick-off time, short enough for the column.
            `${starts.toLocaleDateString(locale, { day: '2-digit', month: '2-digit' })} ${time}`
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col text-sm">
          <span className="flex justify-between gap-6">
            <span className="truncate">{event.home}</span>
            {event.live ? <b className="tabular-nums text-gold">{event.score.home}</b> : null}
          </span>
          <span className="flex justify-between gap-6">
            <span className="truncate">{event.away}</span>
            {event.live ? <b className="tabular-nums text-gold">{event.score.away}</b> : null}
          </span>
        </span>
        {/* Every market suspended (a dangerous moment, the last minutes): no "+0" to tap into. */}
        {event.markets > 0 ? (
          <span className="shrink-0 text-2xs font-semibold text-muted">
            {t('moreMarkets', { count: event.markets })}
          </span>
        ) : null}
      </Link>
      {main ? (
        <div className="mt-6 flex gap-6">
          {main.selections.map((s) => (
            <PriceButton
              key={s.selectionId}
              compact
              label={SHORT[s.name] ?? selectionLabel(main, s, event, t, locale)}
              price={formatPrice(s.price, locale)}
              selected={legs.some((l) => l.selectionId === s.selectionId)}
              locked={main.status !== 'open'}
              onClick={() => toggleLeg(legOf(event, main, s))}
            />
          ))}
        </div>
      ) : null}
    </li>
  );
}

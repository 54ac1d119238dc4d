import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { useSportsEvent } from '../api/sports';
import { useLiveEvent } from '../hooks/useLiveEvent';
import { builderFor, builderMarket, syncBuilder, useBuilder } from '../logic/builder';
import { byKind, groupMarkets, type MarketGroup } from '../logic/markets';
import { eventTakesBets, syncEvent } from '../logic/slip';
import { BuilderTab } from './BetBuilder';
import { MarketCard } from './MarketCard';
import { Scoreboard } from './Scoreboard';
import { SportsShell } from './SportsShell';

/** One event (`/footballPage/{eventId}`): the scoreboard, then every market grouped in tabs. */
export function EventPage() {
  const { t } = useTranslation('sports');
  const { eventId = '' } = useParams();
  const query = useSportsEvent(eventId);
  useLiveEvent(eventId);
  const [group, setGroup] = useState<MarketGroup | 'builder'>('main');
  const markets = query.data?.markets;
  // The slip and the builder follow the prices and states on screen (the slip's legs the event's state too).
  useEffect(() => {
    if (query.data) syncEvent(eventId, query.data);
    if (markets) syncBuilder(markets);
  }, [eventId, query.data, markets]);
  useEffect(() => builderFor(eventId), [eventId]);

  const groups = groupMarkets(markets ?? []);
  // Not once the event takes no more bets (finished, or past kick-off without a start): nothing could be built.
  const canBuild =
    !!query.data &&
    eventTakesBets(query.data.event) &&
    (markets ?? []).some((m) => builderMarket(query.data.event, m));
  const building = canBuild && group === 'builder';
  const shown = groups.find(([g]) => g === group) ?? groups[0];
  // On the builder's tab its bar stands where the slip's would.
  useEffect(() => {
    useBuilder.setState({ active: building });
    return () => useBuilder.setState({ active: false });
  }, [building]);
  // Second, after the main markets: where a player looks for it.
  const builderTab = canBuild ? (
    <button
      key="builder"
      type="button"
      role="tab"
      aria-selected={building}
      onClick={() => setGroup('builder')}
      className={`min-h-44 shrink-0 rounded-full border px-12 text-xs font-semibold ${building ? 'border-gold bg-gold/15 text-gold' : 'border-line text-muted'}`}
    >
      {t('builder.tab')}
    </button>
  ) : null;

  return (
    <SportsShell>
      <Link
        to={query.data ? `/footballPage?sport=${query.data.event.sport}` : '/footballPage'}
        className="flex items-center gap-4 text-sm text-muted"
      >
        <Icon name="chevron" className="size-14 rotate-180" />
        {t('back')}
      </Link>
      {query.isPending ? (
        <p className="py-24 text-center text-sm text-muted">{t('loading')}</p>
      ) : query.isError ? (
        <p className="py-24 text-center text-sm text-muted" role="alert">
          {t('eventNotFound')}
        </p>
      ) : (
        <>
          <Scoreboard event={query.data.event} />
          <div role="tablist" className="-mx-12 flex gap-6 overflow-x-auto px-12">
            {groups.map(([g], i) => [
              i === 1 ? builderTab : null,
              <button
                key={g}
                type="button"
                role="tab"
                aria-selected={!building && shown?.[0] === g}
                onClick={() => setGroup(g)}
                className={`min-h-44 shrink-0 rounded-full border px-12 text-xs font-semibold ${!building && shown?.[0] === g ? 'border-gold bg-gold/15 text-gold' : 'border-line text-muted'}`}
              >
                {/* Only football's totals count goals: other sports' count points, games, runs… */}
                {t(g === 'goals' && query.data.event.sport !== 'football' ? 'groups.totals' : `groups.${g}`)}
              </button>,
            ])}
            {groups.length < 2 ? builderTab : null}
          </div>
          {building ? (
            <BuilderTab event={query.data.event} markets={query.data.markets} />
          ) : (
            <div className="flex flex-col gap-10">
              {byKind(shown?.[1] ?? []).map((list) => (
                <MarketCard key={list[0]!.marketId} markets={list} event={query.data.event} />
              ))}
            </div>
          )}
        </>
      )}
    </SportsShell>
  );
}

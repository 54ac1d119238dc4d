import type { SportsEvent, SportsMarket } from '@aposta/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { useSportsEvent } from '../api/sports';
import { useLiveEvent } from '../hooks/useLiveEvent';
import {
  byKind,
  formatPrice,
  groupMarkets,
  marketTitle,
  selectionLabel,
  type MarketGroup,
} from '../logic/markets';
import { legOf, syncLegs, toggleLeg, useSlip } from '../logic/slip';
import { PriceButton } from './PriceButton';
import { Scoreboard } from './Scoreboard';
import { SportsShell, useLocale } from './SportsShell';

/** One event (`/footballPage/{eventId}`): the scoreboard, then every market grouped in tabs. */
export function EventPage() {
  const { t } = useTranslation('sports');
  const { eventId = '' } = useParams();
  const query = useSportsEvent(eventId);
  useLiveEvent(eventId);
  const [group, setGroup] = useState<MarketGroup>('main');
  const markets = query.data?.markets;
  // The slip follows the prices and states on screen.
  useEffect(() => {
    if (markets) syncLegs(markets);
  }, [markets]);

  const groups = groupMarkets(markets ?? []);
  const shown = groups.find(([g]) => g === group) ?? groups[0];
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
            {groups.map(([g]) => (
              <button
                key={g}
                type="button"
                role="tab"
                aria-selected={shown?.[0] === g}
                onClick={() => setGroup(g)}
                className={`min-h-36 shrink-0 rounded-full border px-12 text-xs font-semibold ${shown?.[0] === g ? 'border-gold bg-gold/15 text-gold' : 'border-line text-muted'}`}
              >
                {t(`groups.${g}`)}
              </button>
            ))}
          </div>
          <div className="flex flex-col gap-10">
            {byKind(shown?.[1] ?? []).map((list) => (
              <MarketCard key={list[0]!.marketId} markets={list} event={query.data.event} />
            ))}
          </div>
        </>
      )}
    </SportsShell>
  );
}

/** One market, or every line of one (a handicap, a total): a card with a row of prices per line. */
function MarketCard({ markets, event }: { markets: SportsMarket[]; event: SportsEvent }) {
  const { t } = useTranslation(['sports', 'bet']);
  const locale = useLocale();
  const legs = useSlip((s) => s.legs);
  const first = markets[0]!;
  const lines = markets.length > 1;
  return (
    <section className="rounded-xl border border-line bg-panel p-10">
      <h3 className="mb-8 text-sm font-semibold">{marketTitle(first, t, locale, !lines)}</h3>
      <div className="flex flex-col gap-6">
        {markets.map((market) => {
          const locked = market.status !== 'open';
          const cols =
            market.type === 'correctScore' || market.selections.length === 3 ? 'grid-cols-3' : 'grid-cols-2';
          return (
            <div
              key={market.marketId}
              data-testid="market"
              data-type={market.type}
              data-period={market.period}
              data-line={market.line ?? ''}
              data-status={market.status}
            >
              {locked ? (
                <p className="mb-4 flex items-center gap-4 text-2xs text-muted">
                  <Icon name="lock" className="size-12" />
                  {market.status === 'suspended' ? t('suspended') : t('closedMarket')}
                </p>
              ) : null}
              <div className={`grid gap-6 ${cols}`}>
                {market.selections.map((s) => (
                  <PriceButton
                    key={s.selectionId}
                    compact={cols === 'grid-cols-3'}
                    label={selectionLabel(market, s, event, t, locale)}
                    price={formatPrice(s.price, locale)}
                    selected={legs.some((l) => l.selectionId === s.selectionId)}
                    locked={locked}
                    onClick={() => toggleLeg(legOf(event, market, s))}
                  />
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

import type { SportsEvent, SportsMarket, SportsSelection } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { formatPrice, marketTitle, selectionLabel, winnerCanTie } from '../logic/markets';
import { legOf, toggleLeg, useSlip } from '../logic/slip';
import { PriceButton } from './PriceButton';
import { useLocale } from './SportsShell';

/** One market, or every line of one (a handicap, a total): a card with a row of prices per line. */
export function MarketCard({
  markets,
  event,
  isSelected,
  onPick,
}: {
  markets: SportsMarket[];
  event: SportsEvent;
  /** Another use of the prices than the slip's (the bet builder's legs). */
  isSelected?: (s: SportsSelection) => boolean;
  onPick?: (market: SportsMarket, s: SportsSelection) => void;
}) {
  const { t } = useTranslation(['sports', 'bet']);
  const locale = useLocale();
  const legs = useSlip((s) => s.legs);
  const first = markets[0]!;
  const lines = markets.length > 1;
  return (
    <section className="rounded-xl border border-line bg-panel p-10">
      <h3 className={`${first.type === 'winner' ? 'mb-2' : 'mb-8'} text-sm font-semibold`}>
        {marketTitle(first, t, locale, !lines)}
      </h3>
      {/* The two-way winner is priced draw-no-bet: a tie refunds the stake (the server's settlement), said
          only where the sport's winner can end level. */}
      {first.type === 'winner' && winnerCanTie(event.sport) ? (
        <p className="mb-8 text-2xs text-muted" data-testid="market-hint">
          {t('winnerTieRefund')}
        </p>
      ) : null}
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
                    selected={isSelected ? isSelected(s) : legs.some((l) => l.selectionId === s.selectionId)}
                    locked={locked}
                    onClick={() => (onPick ? onPick(market, s) : toggleLeg(legOf(event, market, s)))}
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

import { ErrorCode, priceChangedData, type SportsEvent, type SportsMarket } from '@aposta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { TextField } from '../../../components/ui/TextField';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { refusalOf, sendOnce, submissionKeys } from '../../../lib/idempotency';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { openGameDeposit, openOverlay, toast } from '../../../lib/ui';
import { applyBalance } from '../../../lib/user-info';
import { fetchBuilderPrice, placeSportsBet, refreshMyBets, sportsKeys, useSportsConfig } from '../api/sports';
import {
  BUILDER_MAX_LEGS,
  builderKinds,
  clearBuilder,
  removeBuilderLeg,
  toggleBuilderLeg,
  useBuilder,
} from '../logic/builder';
import { formatPrice, marketTitle, selectionLabel } from '../logic/markets';
import { potentialPayout, useSlip } from '../logic/slip';
import { parseStake } from './BetSlip';
import { MarketCard } from './MarketCard';
import { RemoveButton } from './RemoveButton';
import { SlipBar } from './SlipBar';
import { useLocale } from './SportsShell';

/** The legs' ids once they stop changing for a moment (one price request per pause, not per tap). */
function useSettled(ids: string[], ms = 300): string[] {
  const key = ids.join(',');
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled ? settled.split(',') : [];
}

/** The joint price of the builder's legs (two or more), asked as they change and every 10 s after. */
export function useBuilderPrice(ids: string[]) {
  const settled = useSettled(ids);
  return useQuery(
    {
      queryKey: sportsKeys.builderPrice(settled),
      queryFn: () => fetchBuilderPrice(settled),
      enabled: settled.length >= 2,
      retry: false,
      refetchInterval: 10_000,
    },
    queryClient,
  );
}

/**
 * The event page's "bet builder" tab: the event's markets settled by the final score; a tap adds the selection
 * as a leg (one per market, at most 12) or takes it out. A bar over the navigation opens the builder's sheet.
 */
export function BuilderTab({ event, markets }: { event: SportsEvent; markets: SportsMarket[] }) {
  const { t } = useTranslation('sports');
  const legs = useBuilder((s) => s.legs);
  const kinds = builderKinds(event, markets);
  const [open, setOpen] = useState(false);
  const price = useBuilderPrice(legs.map((l) => l.selectionId));
  return (
    <div className="flex flex-col gap-10" data-testid="builder-tab">
      <p className="text-xs text-muted">{t('builder.intro')}</p>
      {kinds.length === 0 ? (
        <p className="py-24 text-center text-sm text-muted">{t('builder.none')}</p>
      ) : null}
      {kinds.map((kind) => (
        <MarketCard
          key={kind[0]!.marketId}
          markets={kind}
          event={event}
          isSelected={(s) => legs.some((l) => l.selectionId === s.selectionId)}
          onPick={toggleBuilderLeg}
        />
      ))}
      {legs.length > 0 ? (
        <SlipBar
          count={legs.length}
          label={t('builder.tab')}
          price={legs.length >= 2 && price.data && !price.isError ? price.data : null}
          onClick={() => setOpen(true)}
          testId="builder-bar"
        />
      ) : null}
      {open && legs.length > 0 ? <BuilderSheet event={event} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/**
 * The builder's legs, their joint price (or the server's refusal, in the player's language, beside them), the
 * stake and "place". A joint price that moved (409) is shown and placing again accepts it; one Idempotency-Key
 * per submission, kept only when the answer was lost.
 */
export function BuilderSheet({ event, onClose }: { event: SportsEvent; onClose: () => void }) {
  const { t } = useTranslation(['sports', 'bet']);
  const lang = useAppState((s) => s.lang);
  const locale = useLocale();
  const token = useSession((s) => s.token);
  const { legs, stake, full } = useBuilder();
  const config = useSportsConfig().data;
  const ids = legs.map((l) => l.selectionId);
  const price = useBuilderPrice(ids);
  const keys = useRef(submissionKeys());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // A moved price's notice, for the legs it was about (another set of legs has its own price).
  const [moved, setMoved] = useState({ text: '', legs: '' });
  const notice = moved.legs === ids.join(',') ? moved.text : '';
  const money = (minor: number) => displayMoney(minor / 100, lang);
  const minStake = Math.round((config?.minStake ?? 1) * 100);
  const stakeMinor = parseStake(stake);
  const current = useSettled(ids).join(',') === ids.join(',');
  const joint = legs.length >= 2 && current && !price.isError ? (price.data ?? null) : null;
  const refusal = legs.length >= 2 && price.isError ? price.error.message : '';

  async function place() {
    if (!token) {
      openOverlay('login');
      return;
    }
    if (joint === null || busy) return;
    if (stakeMinor === null || stakeMinor < minStake) {
      setError(t('slip.minStake', { amount: money(minStake) }));
      return;
    }
    const body = {
      type: 'builder' as const,
      stake: (stakeMinor / 100).toFixed(2),
      acceptOdds: useSlip.getState().acceptOdds,
      selections: legs.map((l) => ({ selectionId: l.selectionId, price: l.price })),
      price: joint,
    };
    setBusy(true);
    setError('');
    setMoved({ text: '', legs: '' });
    try {
      const answer = await sendOnce(keys.current, body, (key) => placeSportsBet(body, key));
      applyBalance(answer.balance);
      toast(`${t('builder.placed')} · ${t('balanceNow', { amount: displayMoney(answer.balance, lang) })}`);
      clearBuilder();
      void refreshMyBets();
      onClose();
    } catch (e) {
      const err = refusalOf(e);
      if (!err) {
        setError(e instanceof Error ? e.message : String(e));
        return;
      }
      const changed = priceChangedData.safeParse(err.data);
      if (err.httpStatus === 409 && changed.success && changed.data.price !== undefined) {
        queryClient.setQueryData(sportsKeys.builderPrice(ids), changed.data.price);
        setMoved({
          text: t('builder.priceChanged', { price: formatPrice(changed.data.price, locale) }),
          legs: ids.join(','),
        });
      } else setError(err.message);
      if (err.status === ErrorCode.INSUFFICIENT_BALANCE) openGameDeposit(stakeMinor);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet title={t('builder.tab')} onClose={onClose} side="bottom">
      <div className="flex flex-col gap-10 p-14" data-testid="builder-sheet">
        <p className="text-xs text-muted">
          {event.home} × {event.away}
        </p>
        <h3 className="text-sm font-semibold">{t('builder.legs', { count: legs.length })}</h3>
        <ul className="flex max-h-[38dvh] flex-col gap-6 overflow-y-auto">
          {legs.map((l) => {
            const name = selectionLabel(l.market, l, event, t, locale);
            return (
              <li
                key={l.selectionId}
                className="flex items-center gap-8 rounded-lg border border-line bg-deep/60 pl-10"
                data-testid="builder-leg"
              >
                <div className="min-w-0 flex-1 py-6">
                  <p className="truncate text-sm font-semibold">{name}</p>
                  <p className="truncate text-2xs text-muted">{marketTitle(l.market, t, locale)}</p>
                </div>
                <RemoveButton name={name} onClick={() => removeBuilderLeg(l.selectionId)} />
              </li>
            );
          })}
        </ul>
        {legs.length < 2 ? <p className="text-xs text-muted">{t('builder.pickTwo')}</p> : null}
        {full ? (
          <p className="text-xs text-rose" role="alert">
            {t('builder.limit', { count: BUILDER_MAX_LEGS })}
          </p>
        ) : null}
        {refusal ? (
          <p className="text-xs text-rose" role="alert" data-testid="builder-refusal">
            {refusal}
          </p>
        ) : null}
        {notice ? (
          <p className="rounded-lg border border-gold/40 bg-gold/10 p-8 text-xs text-gold" role="alert">
            {notice}
          </p>
        ) : null}
        <p className="flex justify-between text-sm">
          <span className="text-muted">{t('builder.price')}</span>
          <b className="tabular-nums" data-testid="builder-price">
            {joint !== null
              ? formatPrice(joint, locale)
              : legs.length >= 2 && !refusal
                ? t('builder.pricing')
                : '—'}
          </b>
        </p>
        <TextField
          label={t('builder.stake')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          value={stake}
          error={error}
          onChange={(e) => useBuilder.setState({ stake: e.target.value })}
        />
        {joint !== null && stakeMinor ? (
          <p className="flex justify-between text-2xs">
            <span className="text-muted">{t('bet:slip.potentialWin')}</span>
            <b className="text-mint" data-testid="builder-payout">
              {money(potentialPayout(stakeMinor, [joint]))}
            </b>
          </p>
        ) : null}
        <div className="flex items-center justify-end">
          <button
            type="button"
            className="min-h-44 px-4 text-xs font-semibold text-muted underline"
            onClick={() => {
              clearBuilder();
              onClose();
            }}
          >
            {t('slip.clear')}
          </button>
        </div>
        <button
          type="button"
          onClick={() => void place()}
          disabled={busy || joint === null}
          data-testid="builder-place"
          className="btn-gold min-h-48 rounded-xl font-bold disabled:opacity-50"
        >
          {!token
            ? t('slip.loginToBet')
            : busy
              ? t('slip.placing')
              : notice
                ? t('slip.acceptAndPlace')
                : t('slip.place', { amount: money(stakeMinor ?? 0) })}
        </button>
      </div>
    </Sheet>
  );
}

import {
  RECORD_CATEGORIES,
  TxType,
  type OrderStatus,
  type RecordCategory,
  type WalletRecord,
} from '@aposta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { PagedList } from '../../../components/ui/PagedList';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { usePaymentOrder, useWalletRecords, type RecordFilters } from '../api/records';
import { DateField } from './DateField';
import { DepositOrders, PayableDeposits, usePayableDeposits } from './DepositOrders';
import { EventName } from './EventName';
import { STATUS_FILTERS, STATUS_LABEL, STATUS_TONE } from './status';

/** A deposit's or withdrawal's steps, from its payment order. */
function OrderSteps({ record, locale }: { record: WalletRecord; locale: string }) {
  const { t } = useTranslation('records');
  const type = record.category === 'deposit' ? 10 : 11;
  const order = usePaymentOrder(type, record.ref ?? '');
  const lang = useAppState((s) => s.lang);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  if (!order.data) return null;
  const o = order.data;
  return (
    <>
      {record.category === 'withdrawal' ? (
        <p className="mt-8 text-xs text-muted" data-testid="withdrawal-detail">
          {t('withdrawalDetail', {
            fee: displayMoney(o.fee, lang),
            net: displayMoney(o.netAmount, lang),
            to: `${o.payCardBank} ${o.payCardNo}`,
          })}
        </p>
      ) : null}
      <ol
        className="mt-8 flex flex-col gap-4 border-l border-line pl-12"
        aria-label={t('steps')}
        data-testid="record-steps"
      >
        {order.data.events.map((e, i) => (
          <li key={i} className="text-xs">
            <span className="font-semibold text-text">
              <EventName event={e.event} />
            </span>
            <span className="text-muted"> · {format.format(new Date(e.at))}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** What a stake or its winnings were a bet on, in the player's words: the game, or the product and its kind. */
function useBetLabel(bet: WalletRecord['bet']): string | null {
  const { t } = useTranslation('records');
  if (!bet) return null;
  if (bet.gameName) return bet.gameName;
  if (bet.game && (bet.product === 'originals' || bet.product === 'rounds'))
    return t(`translation:pages.${bet.game}`, { defaultValue: bet.game });
  const product = t(`products.${bet.product}`);
  if (bet.product === 'sports' && bet.game)
    return `${product} · ${t(`betKinds.${bet.game}`, { defaultValue: bet.game })}`;
  return product;
}

function RecordRow({ record }: { record: WalletRecord }) {
  const { t } = useTranslation('records');
  const betLabel = useBetLabel(record.bet);
  const lang = useAppState((s) => s.lang);
  const [open, setOpen] = useState(false);
  const locale = languageEntry(lang).locale;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(record.time),
  );
  const credit = record.amount > 0;
  // A released bonus is two lines, the same sum out of the bonus balance and into the cash: each says which.
  const detail =
    betLabel ??
    (record.type === TxType.BONUS_RELEASED ? t(credit ? 'bonusToBalance' : 'bonusFromBonus') : null);
  // A cancelled movement (a withdrawal refused, a stake voided) took nothing in the end: struck through.
  const undone = record.status === '01';
  const hasSteps = Boolean(record.ref) && (record.category === 'deposit' || record.category === 'withdrawal');
  const summary = (
    <>
      <div className="min-w-0 flex-1 text-left">
        <p className="line-clamp-2 text-base font-semibold" data-testid="record-title">
          {record.type === TxType.SETTLEMENT_REVERSED
            ? t('corrected')
            : record.cashout
              ? t('cashout')
              : record.refund
                ? t('refunded')
                : record.type === TxType.BONUS_RELEASED
                  ? t('bonusReleased')
                  : record.type === TxType.BONUS_FORFEITED
                    ? t('bonusForfeited')
                    : t(`types.${record.category}`)}
          {detail ? <span className="font-normal text-muted"> · {detail}</span> : null}
        </p>
        <p className="text-xs text-muted">
          <time dateTime={record.time}>{when}</time>
          {record.counterparty ? ` · ${t('with', { user: record.counterparty })}` : ''}
        </p>
      </div>
      <div className="flex flex-col items-end gap-4">
        <span
          className={`text-base font-bold ${undone ? 'text-muted line-through' : credit ? 'text-mint' : 'text-text'}`}
        >
          {credit ? '+' : record.amount < 0 ? '−' : ''}
          {displayMoney(Math.abs(record.amount), lang)}
        </span>
        <span className={`rounded-full px-8 py-1 text-2xs font-semibold ${STATUS_TONE[record.status]}`}>
          {t(`statuses.${STATUS_LABEL[record.status]}`)}
        </span>
      </div>
    </>
  );
  return (
    <li
      className="border-b border-line/70 px-4 py-10"
      data-testid="record-row"
      data-category={record.category}
      data-status={record.status}
    >
      {hasSteps ? (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-44 w-full items-center gap-10"
        >
          {summary}
        </button>
      ) : (
        <div className="flex min-h-44 items-center gap-10">{summary}</div>
      )}
      {open ? <OrderSteps record={record} locale={locale} /> : null}
    </li>
  );
}

const selectClass = 'min-h-44 w-full rounded-xl border border-line bg-deep/80 px-10 text-sm text-text';

/** /registros: deposits, withdrawals, bets, prizes, bonuses and transfers; filters; cursor pagination. */
export function RecordsPage() {
  const { t } = useTranslation('records');
  const token = useSession((s) => s.token);
  const [filters, setFilters] = useState<RecordFilters>({});
  const set = (patch: RecordFilters) => setFilters((f) => ({ ...f, ...patch }));
  // Each filter set is its own query: an answer for older filters never lands in the list on screen.
  const records = useWalletRecords(token, filters, filters.type !== 'deposit');
  const list = (records.data?.pages ?? []).flatMap((p) => p.list);
  const payable = usePayableDeposits(token, filters);

  if (!token) {
    return (
      <LoginFirst
        title={t('title')}
        text={t('loginFirst')}
        action={t('login')}
        onAction={() => openOverlay('login')}
      />
    );
  }

  return (
    <section className="flex flex-col gap-12 p-16" aria-labelledby="records-title">
      <h1 id="records-title" className="text-xl font-bold">
        {t('title')}
      </h1>
      <div role="group" aria-label={t('type')} className="-mx-16 flex gap-6 overflow-x-auto px-16 pb-2">
        {[undefined, ...RECORD_CATEGORIES].map((c) => (
          <button
            key={c ?? 'all'}
            type="button"
            aria-pressed={filters.type === c}
            onClick={() => set({ type: c as RecordCategory | undefined })}
            className={`min-h-44 shrink-0 rounded-full border px-14 text-sm font-semibold ${filters.type === c ? 'border-gold bg-gold/15 text-gold' : 'border-line text-muted'}`}
          >
            {c ? t(`types.${c}`) : t('all')}
          </button>
        ))}
      </div>
      <div role="group" aria-label={t('filters')} className="grid grid-cols-2 gap-8">
        <label className="col-span-2 text-xs text-muted">
          {t('status')}
          <select
            className={selectClass}
            value={filters.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as OrderStatus | undefined })}
          >
            <option value="">{t('anyStatus')}</option>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${STATUS_LABEL[s]}`)}
              </option>
            ))}
          </select>
        </label>
        <DateField
          label={t('from')}
          value={filters.from}
          max={filters.to}
          onChange={(from) => set({ from })}
        />
        <DateField
          label={t('to')}
          value={filters.to}
          min={filters.from}
          // A day typed past the picker's bounds: said, rather than an empty list with no reason.
          error={filters.from && filters.to && filters.to < filters.from ? t('datesReversed') : undefined}
          onChange={(to) => set({ to })}
        />
      </div>
      {Object.values(filters).some(Boolean) ? (
        <button
          type="button"
          onClick={() => setFilters({})}
          className="min-h-44 self-start text-sm text-gold"
        >
          {t('clear')}
        </button>
      ) : null}

      {filters.type === undefined ? <PayableDeposits payable={payable} /> : null}
      {filters.type === 'deposit' ? (
        <DepositOrders token={token} filters={filters} />
      ) : (
        <PagedList
          query={records}
          items={list}
          itemKey={(r) => r.id}
          renderItem={(r) => <RecordRow record={r} />}
          label={t('title')}
          // Under deposits waiting for their PIX, "no records" would deny them.
          empty={filters.type === undefined && payable.length ? t('emptyOther') : t('empty')}
          loadMore={t('loadMore')}
          end={t('end')}
        />
      )}
    </section>
  );
}

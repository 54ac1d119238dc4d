import type { PaymentRecord } from '@aposta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { PagedList } from '../../../components/ui/PagedList';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney, displayTime } from '../../../lib/format';
import { resumeDeposit } from '../../../lib/ui';
import { hasExpired, returnState, useDepositOrders } from '../api/deposit-orders';
import type { RecordFilters } from '../api/records';
import { EventName } from './EventName';
import { STATUS_LABEL, STATUS_TONE } from './status';

/** The order's local calendar day (yyyy-mm-dd), to compare with the date filter. */
function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function matches(order: PaymentRecord, filters: RecordFilters): boolean {
  if (filters.status && order.status !== filters.status) return false;
  const day = order.createdAt ? localDay(order.createdAt) : '';
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  return true;
}

function OrderRow({ order }: { order: PaymentRecord }) {
  const { t } = useTranslation('records');
  const lang = useAppState((s) => s.lang);
  const [open, setOpen] = useState(false);
  const locale = languageEntry(lang).locale;
  const format = (iso: string, timeStyle: 'short' | 'medium') =>
    iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle }).format(new Date(iso)) : '';
  const expired = hasExpired(order);
  const returned = returnState(order);
  const label =
    returned === 'returned'
      ? t('returnedLabel')
      : returned === 'returning'
        ? t('returning')
        : expired
          ? t('events.expired')
          : t(`statuses.${STATUS_LABEL[order.status]}`);
  return (
    <li
      className="border-b border-line/70 px-4 py-10"
      data-testid="deposit-order"
      data-status={returned ?? (expired ? 'expired' : order.status)}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-44 w-full items-center gap-10"
      >
        <div className="min-w-0 flex-1 text-left">
          <p className="text-base font-semibold">{t('pixDeposit')}</p>
          <p className="text-xs text-muted">
            <time dateTime={order.createdAt}>{format(order.createdAt, 'short')}</time>
          </p>
        </div>
        <div className="flex flex-col items-end gap-4">
          <span className="text-base font-bold">{displayMoney(order.amount, lang)}</span>
          <span className={`rounded-full px-8 py-1 text-2xs font-semibold ${STATUS_TONE[order.status]}`}>
            {label}
          </span>
        </div>
      </button>
      {order.payUrl && order.expiresAt ? (
        <div className="mt-6 flex items-center gap-10" data-testid="deposit-pay-later">
          <p className="flex-1 text-xs text-muted">
            {t('payBy', { time: displayTime(order.expiresAt, lang) })}
          </p>
          <Button
            variant="outline"
            className="shrink-0 text-sm"
            onClick={() =>
              resumeDeposit({
                orderId: order.orderId,
                url: order.payUrl!,
                amount: order.amount,
                expiresAt: order.expiresAt!,
              })
            }
          >
            {t('payNow')}
          </Button>
        </div>
      ) : null}
      {returned ? (
        <p className="mt-6 text-xs text-muted" data-testid="deposit-return-note">
          {order.events.some((e) => e.event === 'overLimit') ? t('overDepositLimit') : t('notOwnCpf')}
        </p>
      ) : null}
      {open ? (
        <ol className="mt-8 flex flex-col gap-4 border-l border-line pl-12" aria-label={t('steps')}>
          {order.events.map((e, i) => (
            <li key={i} className="text-xs">
              <span className="font-semibold text-text">
                <EventName event={e.event} />
              </span>
              <span className="text-muted"> · {format(e.at, 'medium')}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/**
 * The PIX deposits (the query asks for deposits only) still waiting to be paid that `filters` keep, read while the
 * list of every record shows (`filters.type` unset).
 */
export function usePayableDeposits(token: string, filters: RecordFilters): PaymentRecord[] {
  const orders = useDepositOrders(token, filters.type === undefined);
  return (orders.data?.pages ?? [])
    .flatMap((p) => p.list)
    .filter((o) => o.payUrl && o.expiresAt && !hasExpired(o) && matches(o, filters));
}

/**
 * Above the list of every record: the PIX deposits still waiting to be paid. They are orders, not ledger
 * movements (nothing moved yet), so the records list alone never showed them; each can be paid from here.
 */
export function PayableDeposits({ payable }: { payable: PaymentRecord[] }) {
  const { t } = useTranslation('records');
  if (!payable.length) return null;
  return (
    <section aria-labelledby="records-awaiting" data-testid="payable-deposits">
      <h2 id="records-awaiting" className="text-sm font-semibold text-muted">
        {t('awaitingPix')}
      </h2>
      <ul>
        {payable.map((o) => (
          <OrderRow key={o.orderId} order={o} />
        ))}
      </ul>
    </section>
  );
}

/** Deposits as PIX orders: each one with its state, unpaid ones included (hardening item 12). */
export function DepositOrders({ token, filters }: { token: string; filters: RecordFilters }) {
  const { t } = useTranslation('records');
  const orders = useDepositOrders(token);
  const list = (orders.data?.pages ?? []).flatMap((p) => p.list).filter((o) => matches(o, filters));
  return (
    <PagedList
      query={orders}
      items={list}
      itemKey={(o) => o.orderId}
      renderItem={(o) => <OrderRow order={o} />}
      label={t('pixDeposits')}
      empty={t('empty')}
      loadMore={t('loadMore')}
      end={t('end')}
    />
  );
}

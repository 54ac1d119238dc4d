import { OrderStatus, type PrePayAnswer, type PricePackage } from '@aposta/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { ApiError } from '../../../lib/api';
import { useAppState } from '../../../lib/app-state';
import { useBackButton } from '../../../lib/back-button';
import { displayMoney, displayTime } from '../../../lib/format';
import { submissionKeys } from '../../../lib/idempotency';
import { useSession } from '../../../lib/session';
import { alertMessage, closeOverlay, toast, useUi } from '../../../lib/ui';
import { useOrderStatus } from '../api/get-status';
import { usePackages, type DepositKind } from '../api/get-prices';
import { prePay } from '../api/pre-pay';
import { DiscountBadge } from './DiscountBadge';

export { STATUS_POLL_MS } from '../api/get-status';

type Stage = 'pick' | 'confirm' | 'frame' | 'waiting';

/**
 * The spec's default selection: the package the server flags, else the one of 100. A game deposit for a stake
 * the balance lacks `cover` (reais) for starts on the smallest package that covers it, else the largest.
 */
function defaultPackage(list: PricePackage[], cover?: number): PricePackage | undefined {
  if (cover) {
    const byPrice = [...list].sort((a, b) => a.price - b.price);
    return byPrice.find((p) => p.price >= cover) ?? byPrice.at(-1);
  }
  return list.find((p) => p.selected) ?? list.find((p) => p.price === 100);
}

/**
 * The deposit flow (spec section 4): choose a package, confirm, create the pre-pay order, pay on the provider's
 * page in a full-screen frame, then wait ('Complete your recharge' / 'Cancel recharge') while the order status
 * is polled. A paid order (status '10' or the paySuccess event) closes the overlay.
 */
/** `onPaid` is the app's paid-deposit flow (close, refresh user info, /paySuccess or the game alert). */
export function DepositPanel({
  kind,
  onPaid,
  cover,
}: {
  kind: DepositKind;
  onPaid: () => void;
  /** What a refused stake lacks, in reais: the package preselected covers it. */
  cover?: number;
}) {
  const { t } = useTranslation('wallet');
  const lang = useAppState((s) => s.lang);
  const isApp = useAppState((s) => s.isApp);
  const discount = useSession((s) => s.user?.payDiscount ?? null);
  const packages = usePackages(kind);
  const [picked, setPicked] = useState<number | null>(() => useUi.getState().depositPackage);
  const [waive, setWaive] = useState(false);
  // A deposit reopened from the records starts where its player left it: waiting for the PIX.
  const [resumed] = useState(() => (kind === 'deposit' ? useUi.getState().pendingDeposit : null));
  const [stage, setStage] = useState<Stage>(resumed ? 'waiting' : 'pick');
  const [order, setOrder] = useState<Pick<PrePayAnswer, 'orderId' | 'url'> | null>(resumed);
  const [busy, setBusy] = useState(false);
  const keys = useRef(submissionKeys());

  const list = packages.data ?? [];
  const selected = list.find((p) => p.pkgId === picked) ?? defaultPackage(list, cover);
  const money = (major: number) => displayMoney(major, lang);

  // The order's status, polled while the player pays (and asked at once on paySuccess).
  const polled = useOrderStatus(order?.orderId ?? null);
  const status = polled.data;

  function applyStatus(next: OrderStatus) {
    if (next === OrderStatus.PAID) onPaid();
    else if (next === OrderStatus.CANCELLED || next === OrderStatus.FAILED) {
      setOrder(null);
      closeOverlay();
      toast(t('deposit.failed'));
    }
  }
  const apply = useRef(applyStatus);
  apply.current = applyStatus;

  // Each new answer about the current order: paid, or closed without payment, ends the flow.
  useEffect(() => {
    if (order && status) apply.current(status);
  }, [order, status]);

  function choose() {
    if (!selected || !(selected.price > 0)) return void alertMessage(t('deposit.selectAmount'));
    // The package confirmed is the one paid, whatever moves the default meanwhile (a balance push).
    setPicked(selected.pkgId);
    setStage('confirm');
  }

  async function pay() {
    if (!selected || busy) return;
    const gift: 0 | 1 = waive ? 0 : 1;
    const isapp = kind === 'deposit' ? (isApp ? 1 : 0) : undefined;
    const key = keys.current.keyFor({ pkgId: selected.pkgId, gift, isapp });
    setBusy(true);
    try {
      const created = await prePay(selected.pkgId, { gift, isapp, idempotencyKey: key });
      keys.current.settle();
      setOrder(created);
      setStage('frame');
    } catch (err) {
      // A refusal is final; a lost answer keeps the key, so pressing again cannot create a second order.
      if (err instanceof ApiError && err.status !== 0) keys.current.settle();
    } finally {
      setBusy(false);
    }
  }

  /** 'Verificar pagamento': asks now; the answer goes the way of every poll's. */
  function checkNow() {
    if (order) void polled.refetch();
  }

  function cancel() {
    setOrder(null);
    closeOverlay();
  }

  // The phone's back button on the provider's page returns to the waiting view, as the frame's own button does.
  const leaveFrame = () => setStage('waiting');
  useBackButton(Boolean(order) && stage === 'frame', leaveFrame);

  if (order && stage === 'frame') {
    return (
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t('deposit.frameTitle')}
        className="fixed inset-0 z-50 mx-auto flex max-w-393 flex-col bg-night"
      >
        <div className="safe-top flex min-h-52 items-center gap-8 border-b border-line bg-deep px-8">
          <button
            type="button"
            onClick={leaveFrame}
            className="flex min-h-44 items-center gap-4 rounded-lg px-8 text-sm text-text"
          >
            <Icon name="chevron" className="size-18 rotate-180" />
            {t('deposit.frameBack')}
          </button>
          <h3 className="text-base font-semibold">{t('deposit.frameTitle')}</h3>
          {/* A provider's page may refuse to be shown inside another site: it opens on its own too. */}
          <a
            href={order.url}
            target="_blank"
            rel="noopener noreferrer"
            className="ml-auto flex min-h-44 items-center px-8 text-sm font-semibold text-gold"
          >
            {t('deposit.frameOpen')}
          </a>
        </div>
        <iframe
          src={order.url}
          title={t('deposit.frameTitle')}
          className="w-full flex-1 border-0 bg-white"
          data-testid="pay-frame"
        />
      </div>
    );
  }

  if (order && stage === 'waiting') {
    return (
      <section className="flex flex-col gap-12 p-16" aria-labelledby="deposit-waiting">
        <div className="flex flex-col items-center gap-8 rounded-xl border border-line bg-deep/70 p-16 text-center">
          <div
            className="flex size-56 items-center justify-center rounded-full border border-gold/40 bg-gold/10 text-gold"
            aria-hidden="true"
          >
            <Icon name="wallet" className="size-26" />
          </div>
          <h3 id="deposit-waiting" className="text-lg font-semibold">
            {t('deposit.waitingTitle')}
          </h3>
          <p className="text-2xl font-bold text-gold">
            {resumed ? money(resumed.amount) : selected ? money(selected.price) : null}
          </p>
          <p className="text-sm text-muted">{t('deposit.waitingText')}</p>
          <p className="text-sm" data-testid="deposit-status">
            <span className="text-muted">{t('deposit.status')}: </span>
            {status === OrderStatus.PENDING ? t('deposit.pending') : t('deposit.paying')}
          </p>
        </div>
        <Button onClick={() => setStage('frame')} className="w-full text-lg">
          {t('deposit.complete')}
        </Button>
        <Button variant="outline" onClick={checkNow} className="w-full">
          {t('deposit.checked')}
        </Button>
        <Button variant="danger" onClick={cancel} className="w-full" aria-describedby="deposit-cancel-hint">
          {t('deposit.cancel')}
        </Button>
        <p id="deposit-cancel-hint" className="text-center text-xs text-muted">
          {resumed
            ? t('deposit.cancelHintAt', { time: displayTime(resumed.expiresAt, lang) })
            : t('deposit.cancelHint')}
        </p>
      </section>
    );
  }

  if (stage === 'confirm' && selected) {
    const gift = waive ? 0 : selected.gift;
    return (
      <section className="flex flex-col gap-12 p-16" aria-labelledby="deposit-confirm">
        <h3 id="deposit-confirm" className="text-lg font-semibold">
          {t('deposit.confirmTitle')}
        </h3>
        <dl className="grid grid-cols-[1fr_auto] gap-y-8 rounded-xl border border-line bg-deep/70 p-14 text-base">
          <dt className="text-muted">{t('deposit.amount')}</dt>
          <dd className="text-right font-bold text-gold">{money(selected.price)}</dd>
          <dt className="text-muted">{t('deposit.bonus')}</dt>
          <dd className="text-right font-semibold text-mint">
            {gift > 0 ? money(gift) : t('deposit.noBonus')}
          </dd>
        </dl>
        {selected.wager > 0 ? (
          <p className="text-sm text-muted">{t('deposit.wagerHint', { amount: money(selected.wager) })}</p>
        ) : null}
        {gift > 0 ? (
          <p className="text-sm text-muted">
            {t('deposit.giftWager', { amount: money(selected.giftWager) })}
          </p>
        ) : null}
        <p className="text-sm text-muted">{t('deposit.payWithin')}</p>
        <div className="grid grid-cols-2 gap-10">
          <Button variant="outline" onClick={() => setStage('pick')}>
            {t('deposit.back')}
          </Button>
          <Button onClick={() => void pay()} disabled={busy}>
            {t('deposit.confirm')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <div className="flex flex-col gap-12 p-16">
      {discount ? <DiscountBadge discount={discount.discount} expiredTime={discount.expiredTime} /> : null}
      <fieldset>
        <legend className="mb-8 text-sm text-muted">{t('deposit.choose')}</legend>
        {packages.isSuccess && list.length === 0 ? (
          <p className="text-sm text-muted">{t('deposit.empty')}</p>
        ) : null}
        <div role="radiogroup" aria-label={t('deposit.choose')} className="grid grid-cols-3 gap-8">
          {list.map((p) => {
            const on = p.pkgId === selected?.pkgId;
            return (
              <button
                key={p.pkgId}
                type="button"
                role="radio"
                aria-checked={on}
                onClick={() => setPicked(p.pkgId)}
                className={`relative flex min-h-64 flex-col items-center justify-center rounded-xl border px-4 py-8 ${on ? 'border-gold bg-gold/15 text-gold' : 'border-line bg-raised/50 text-text'}`}
              >
                <span className="text-base font-bold">{money(p.price)}</span>
                {p.gift > 0 && !waive ? (
                  <span className="text-2xs font-semibold text-mint">
                    {t('deposit.gift', { amount: money(p.gift) })}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      </fieldset>
      {/* Nothing to waive when no package carries a gift (the Brazilian profile offers none). */}
      {list.some((p) => p.gift > 0) ? (
        <label className="flex min-h-44 items-center gap-10 text-sm">
          <input
            type="checkbox"
            checked={waive}
            onChange={(e) => setWaive(e.target.checked)}
            className="size-20 accent-gold"
          />
          {t('deposit.waive')}
        </label>
      ) : null}
      {selected && selected.gift > 0 && !waive ? (
        <p className="text-xs text-muted">{t('deposit.giftWager', { amount: money(selected.giftWager) })}</p>
      ) : null}
      <Button onClick={choose} className="w-full text-lg" data-testid="deposit-submit">
        {t('deposit.submit')} {selected ? money(selected.price) : ''}
      </Button>
      <p className="text-center text-xs text-muted">
        {t('conta.arrival')} · {t('conta.hours')}
      </p>
    </div>
  );
}

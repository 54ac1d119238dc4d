import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { useActivities } from '../api/list';
import { ClaimButton } from './ClaimButton';

/** Activities the player closed the overlay on, for this page load: it opens again only for new rewards. */
const dismissed = new Set<number>();

/**
 * The active-award overlay (spec: on home only): the rewards the player can claim now, each with its claim.
 * It waits while another overlay, the start mask or a side panel is open; a claimed reward stays listed with
 * its outcome until the overlay is closed.
 */
export function ActiveAwardOverlay() {
  const { t } = useTranslation('activities');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token ?? '');
  const busyElsewhere = useUi((s) => Boolean(s.overlay) || s.startMask || s.menuOpen || s.accountOpen);
  const data = useActivities(token).data;
  const [held, setHeld] = useState<number[] | null>(null);
  const later = useRef<HTMLButtonElement>(null);
  const candidates = (data?.available ? data.list : [])
    .filter((a) => a.claimable > 0 && !dismissed.has(a.id))
    .map((a) => a.id);
  const ids = held ?? (token && !busyElsewhere ? candidates : []);
  const open = ids.length > 0;

  useEffect(() => {
    if (!open) return;
    setHeld((h) => h ?? ids);
    later.current?.focus();
  }, [open]);

  if (!open || !data) return null;
  const items = data.list.filter((a) => ids.includes(a.id));
  const total = items.reduce((sum, a) => sum + a.claimable, 0);

  function dismiss() {
    for (const id of ids) dismissed.add(id);
    setHeld(null);
  }

  return (
    <div className="fixed inset-0 z-50 mx-auto flex max-w-393 items-center justify-center bg-black/70 px-20">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="active-award-title"
        className="flex max-h-[85vh] w-full flex-col gap-12 overflow-y-auto rounded-2xl border border-gold/40 bg-panel p-16 shadow-2xl"
        data-testid="active-award"
      >
        <h2 id="active-award-title" className="text-center text-lg font-extrabold text-gold-gradient">
          {t('awardTitle')}
        </h2>
        {total > 0 ? (
          <p className="text-center text-sm text-muted">
            {t('awardText', { amount: displayMoney(total, lang) })}
          </p>
        ) : null}
        <ul className="flex flex-col gap-10">
          {items.map((a) => (
            <li key={a.id} className="flex flex-col gap-8 rounded-xl border border-line bg-raised/40 p-12">
              <Link to={`/active${a.id}`} onClick={dismiss} className="font-semibold hover:underline">
                {a.title}
              </Link>
              <ClaimButton a={a} available={data.available} />
            </li>
          ))}
        </ul>
        <button
          ref={later}
          type="button"
          onClick={dismiss}
          className="min-h-44 rounded-xl text-muted hover:text-text"
        >
          {t('later')}
        </button>
      </div>
    </div>
  );
}

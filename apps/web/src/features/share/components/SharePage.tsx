import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { useAppState } from '../../../lib/app-state';
import { copyText } from '../../../lib/clipboard';
import { displayDate, displayMoney, displayMultiple } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useReferrals } from '../api/referrals';
import { QrCode } from './QrCode';

/**
 * Share: the player's invitation link (/y{yqm}, which opens registration with the code filled in) and its QR
 * code, copy and share actions, the commission earned per referral level and the invitees with their activity.
 */
export function SharePage() {
  const { t } = useTranslation('share');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token ?? '');
  const yqm = useSession((s) => s.user?.yqm ?? '');
  const referrals = useReferrals(token);
  const data = referrals.data;
  const link = data?.link ?? (yqm ? `${window.location.origin}/y${yqm}` : '');
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function share() {
    try {
      await navigator.share({ title: t('title'), text: t('shareText'), url: link });
    } catch {
      // Dismissed by the player, or refused by the browser: nothing to do.
    }
  }

  return (
    <section className="flex flex-col gap-16 p-16" aria-labelledby="share-title">
      <h1 id="share-title" className="text-xl font-bold">
        {t('title')}
      </h1>
      <p className="text-sm text-muted">{t('text')}</p>
      <div className="rounded-xl border border-line bg-panel p-12">
        <p className="text-xs text-muted">{t('link')}</p>
        <p className="mt-2 break-all text-base text-gold" data-testid="share-link">
          {link}
        </p>
        {link && (
          <div className="mt-12 flex justify-center">
            <QrCode value={link} label={t('qr')} />
          </div>
        )}
        <div className="mt-12 flex gap-8">
          <button
            type="button"
            disabled={!link}
            onClick={() => void copyText(link)}
            className="btn-gold flex min-h-44 flex-1 items-center justify-center gap-6 rounded-xl font-semibold"
          >
            <Icon name="copy" className="size-16" />
            {t('copyLink')}
          </button>
          {canShare && (
            <button
              type="button"
              disabled={!link}
              onClick={() => void share()}
              className="flex min-h-44 flex-1 items-center justify-center rounded-xl border border-gold/60 font-semibold text-gold"
            >
              {t('share')}
            </button>
          )}
        </div>
      </div>

      <div aria-labelledby="share-levels">
        <h2 id="share-levels" className="text-base font-bold">
          {t('levels')}
        </h2>
        <p className="mt-2 text-xs text-muted">{t('howItWorks')}</p>
        {referrals.isError && (
          <div className="mt-8 flex items-center justify-between gap-8 text-sm" role="alert">
            <span className="text-muted">{t('loadFailed')}</span>
            <button
              type="button"
              onClick={() => void referrals.refetch()}
              className="min-h-44 rounded-xl border border-line px-12"
            >
              {t('retry')}
            </button>
          </div>
        )}
        <ul className="mt-8 grid grid-cols-3 gap-8">
          {(data?.levels ?? []).map((l) => (
            <li
              key={l.level}
              className="rounded-xl border border-line bg-panel p-8 text-center"
              data-testid={`share-level-${l.level}`}
            >
              <p className="text-xs text-muted">{t('level', { level: l.level })}</p>
              <p className="mt-2 text-lg font-bold">{l.persons}</p>
              <p className="text-xs text-muted">{t('persons')}</p>
              <p className="mt-4 text-sm font-semibold text-gold">{displayMoney(l.amount, lang)}</p>
              <p className="text-xs text-muted">
                {t('rate', { rate: displayMultiple(l.ratePercent, lang) })}
              </p>
            </li>
          ))}
        </ul>
      </div>

      {data && (
        <div aria-labelledby="share-invitees">
          <h2 id="share-invitees" className="text-base font-bold">
            {t('invitees')}
          </h2>
          {data.invitees.length === 0 ? (
            <p className="mt-8 text-sm text-muted">{t('noInvitees')}</p>
          ) : (
            <ul className="mt-8 flex flex-col gap-8" data-testid="share-invitees">
              {data.invitees.map((i, n) => (
                <li
                  key={n}
                  className="flex items-center justify-between gap-8 rounded-xl border border-line bg-panel p-12"
                >
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold">{i.name}</p>
                    <p className="text-xs text-muted">
                      {t('level', { level: i.level })} ·{' '}
                      {t('joined', { date: displayDate(i.joinedAt, lang) })}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="text-sm">{displayMoney(i.turnover30d, lang)}</p>
                    <p className="text-xs text-muted">
                      {i.lastActiveDay
                        ? t('lastActive', { date: displayDate(`${i.lastActiveDay}T12:00:00Z`, lang) })
                        : t('inactive')}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

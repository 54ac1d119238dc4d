import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { closeOverlay, openOverlay, toast } from '../../../lib/ui';
import { refreshUserInfo } from '../../../lib/user-info';
import { claimSignin, signinKey, useSignin } from '../api/signin';

/**
 * The daily sign-in sheet, opened from the start mask: a 7-day cycle of rewards, one claim per São Paulo day;
 * a missed day restarts the cycle. The server decides everything (what is due, what is paid).
 */
export function SignInSheet() {
  const { t } = useTranslation('start-mask');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token ?? '');
  const sheet = useSignin(token);
  const [busy, setBusy] = useState(false);
  const data = sheet.data;
  const next = data && !data.claimedToday ? data.streak + 1 : null;

  async function claim() {
    if (!data) return;
    setBusy(true);
    try {
      const after = await claimSignin();
      queryClient.setQueryData(signinKey(token), after);
      toast(t('signIn.claimed', { amount: displayMoney(data.days[after.streak - 1]!.reward, lang) }));
      void refreshUserInfo();
    } catch {
      // The request showed the server's message; the sheet shows what the server says now.
      void sheet.refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet title={t('signIn.title')} onClose={closeOverlay} side="bottom">
      <div className="flex flex-col gap-12 p-16">
        <p className="text-sm text-muted">{t('signIn.rules')}</p>
        {!token ? (
          <button
            type="button"
            onClick={() => openOverlay('login')}
            className="btn-gold min-h-44 rounded-xl font-semibold"
          >
            {t('signIn.signInFirst')}
          </button>
        ) : sheet.isError ? (
          <div role="alert" className="flex items-center justify-between gap-8 text-sm">
            <span className="text-muted">{t('signIn.loadFailed')}</span>
            <button
              type="button"
              onClick={() => void sheet.refetch()}
              className="min-h-44 rounded-xl border border-line px-12"
            >
              {t('signIn.retry')}
            </button>
          </div>
        ) : (
          data && (
            <>
              <p className="text-sm font-semibold" data-testid="signin-streak">
                {t('signIn.streak', { count: data.streak })}
              </p>
              <ol className="grid grid-cols-4 gap-8" aria-label={t('signIn.title')}>
                {data.days.map((d) => {
                  const today = d.day === (data.claimedToday ? data.streak : next);
                  return (
                    <li
                      key={d.day}
                      data-testid={`signin-day-${d.day}`}
                      data-claimed={d.claimed}
                      aria-current={today ? 'date' : undefined}
                      className={`flex min-h-64 flex-col items-center justify-center rounded-xl border p-6 text-center ${
                        d.claimed
                          ? 'border-gold/60 bg-gold/10'
                          : today
                            ? 'border-gold'
                            : 'border-line bg-panel'
                      } ${d.day === 7 ? 'col-span-2' : ''}`}
                    >
                      <span className="text-xs text-muted">{t('signIn.day', { day: d.day })}</span>
                      <span className="text-sm font-bold text-gold">{displayMoney(d.reward, lang)}</span>
                      <span className="text-xs">{d.claimed ? `✓ ${t('signIn.done')}` : ''}</span>
                    </li>
                  );
                })}
              </ol>
              {!data.available ? (
                <p className="text-sm text-muted">{t('signIn.unavailable')}</p>
              ) : (
                <button
                  type="button"
                  disabled={busy || data.claimedToday}
                  onClick={() => void claim()}
                  className="btn-gold min-h-44 rounded-xl font-semibold disabled:opacity-60"
                >
                  {data.claimedToday ? t('signIn.comeBack') : t('signIn.claim', { day: next })}
                </button>
              )}
            </>
          )
        )}
      </div>
    </Sheet>
  );
}

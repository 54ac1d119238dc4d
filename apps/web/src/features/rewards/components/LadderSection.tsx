import type { LadderAnswer } from '@aposta/contracts';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Progress } from '../../../components/ui/Progress';
import { ApiError } from '../../../lib/api';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { toast } from '../../../lib/ui';
import { refreshBalance } from '../../../lib/user-info';
import { claimTier } from '../api/rewards';

/**
 * The ladder: the player's valid invitees against the next tier, and every tier with its reward and a claim
 * button (once per tier; a refusal is shown under the tier it concerns).
 */
export const LadderSection = forwardRef<HTMLElement, { data: LadderAnswer }>(function LadderSection(
  { data },
  ref,
) {
  const { t } = useTranslation('rewards');
  const lang = useAppState((s) => s.lang);
  const money = (v: number) => displayMoney(v, lang);
  const [busy, setBusy] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const next = data.tiers.find((x) => x.tier === data.next);

  async function claim(tier: number, reward: number) {
    setBusy(tier);
    setErrors((e) => ({ ...e, [tier]: '' }));
    try {
      await claimTier(tier);
      toast(t('ladder.paid', { amount: money(reward) }));
      void refreshBalance().catch(() => undefined);
    } catch (err) {
      setErrors((e) => ({ ...e, [tier]: err instanceof ApiError && err.message ? err.message : t('error') }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      ref={ref}
      className="flex scroll-mt-64 flex-col gap-10"
      aria-labelledby="ladder-title"
      data-testid="ladder"
    >
      <h2 id="ladder-title" className="text-base font-semibold">
        {t('ladder.title')}
      </h2>
      <div className="rounded-xl border border-gold/30 bg-panel p-12" data-testid="ladder-progress">
        <p className="text-sm text-muted">{t('agent.valid')}</p>
        <p className="text-2xl font-bold text-gold" data-testid="ladder-valid">
          {data.validInvitees}
        </p>
        <p className="mb-8 text-xs text-muted">{t('agent.invitees', { count: data.invitees })}</p>
        {next ? (
          <Progress
            label={t('agent.toNext', { count: next.invitees - data.validInvitees, tier: next.tier })}
            value={data.validInvitees / next.invitees}
            text={`${data.validInvitees} / ${next.invitees}`}
            testId="ladder-next"
          />
        ) : (
          <p className="text-sm">{t('agent.allReached')}</p>
        )}
      </div>
      {!data.available && (
        <p role="note" className="rounded-xl border border-rose/40 bg-rose/10 p-10 text-xs">
          {t('unavailable')}
        </p>
      )}
      <ol className="flex flex-col gap-8">
        {data.tiers.map((x) => (
          <li
            key={x.tier}
            data-testid={`ladder-tier-${x.tier}`}
            className={`rounded-xl border p-12 ${x.reached ? 'border-gold/60 bg-gold/5' : 'border-line bg-panel'}`}
          >
            <div className="flex items-center justify-between gap-8">
              <div>
                <p className="font-semibold">{t('ladder.tier', { tier: x.tier })}</p>
                <p className="text-xs text-muted">{t('ladder.needs', { count: x.invitees })}</p>
              </div>
              <p className="text-lg font-bold text-mint">{money(x.reward)}</p>
            </div>
            <div className="mt-8">
              {x.claimed ? (
                <p className="text-sm font-semibold text-gold">{t('ladder.claimed')}</p>
              ) : (
                <Button
                  className="w-full"
                  variant={x.reached ? 'gold' : 'outline'}
                  disabled={!x.reached || !data.available || busy !== null}
                  onClick={() => void claim(x.tier, x.reward)}
                  aria-describedby={errors[x.tier] ? `ladder-error-${x.tier}` : undefined}
                >
                  {x.reached ? t('ladder.claim') : t('ladder.locked')}
                </Button>
              )}
              {errors[x.tier] ? (
                <p id={`ladder-error-${x.tier}`} role="alert" className="mt-4 text-xs text-rose">
                  {errors[x.tier]}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
});

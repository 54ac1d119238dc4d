import { LIMBO_TARGET, limboMultiplier, payout } from '@aposta/fairness';
import { toMajor } from '@aposta/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../../lib/app-state';
import { placeBet } from '../../api/place-bet';
import { useAnimations } from '../../hooks/settings';
import { useBetting } from '../../hooks/useBetting';
import { useStake } from '../../hooks/useStake';
import { decimalText, multiplierOf } from '../../logic/format';
import { BetPanel } from '../BetPanel';
import { GameShell } from '../GameShell';
import { LinkedField, useLinkedFields } from '../LinkedField';

/** Win chance in percent of a target in hundredths: 99 / target. */
export function limboChance(target: number): number {
  return 9_900 / target;
}

/** The target (hundredths, 1.01–1,000,000) for a chance in percent, rounded up so the chance is not exceeded. */
export function limboTargetForChance(chance: number): number {
  return clampLimbo(Math.ceil(9_900 / chance));
}

export function clampLimbo(target: number): number {
  return Math.min(LIMBO_TARGET.max, Math.max(LIMBO_TARGET.min, Math.round(target)));
}

/** The chances the field takes, in percent: the highest target's (shown to four decimals) to the lowest's. */
const MIN_CHANCE = 0.0001;
const MAX_CHANCE = 98.02;

/** Limbo: pick a target multiplier; the result is drawn, and a result at or above the target pays it. */
export function LimboPage() {
  const { t } = useTranslation('originals');
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const animate = useAnimations();
  const [target, setTarget] = useState(200);
  const { held, field } = useLinkedFields();
  const stake = useStake();
  const betting = useBetting<'target'>({
    game: 'limbo',
    stake,
    body: (amount) => ({ amount: toMajor(amount), target: target / 100 }),
    send: (body, key) => placeBet({ game: 'limbo', body: body as never }, key),
    schema: () => import('@aposta/contracts').then((m) => m.limboBetRequest),
    blocked: () => held,
  });
  // A field out of range holds the bet: no payout nor RTP is shown for the last valid choice beside it.
  const potential =
    !held && Number.isFinite(stake.minor) ? payout(stake.minor, limboMultiplier(target)) : null;
  const last = betting.last;
  const result = last && 'result' in last.outcome ? last.outcome.result : null;
  const won = last ? last.payout > 0 : false;
  const resultText = result === null ? '—' : multiplierOf(result, locale);
  // Beside a result, the target of that bet (the field may already hold the next one); before one, the field's
  // target, or a dash while the field holds no valid one.
  const lineTarget =
    result !== null && last?.params.game === 'limbo'
      ? multiplierOf(last.params.target, locale)
      : held
        ? '—'
        : multiplierOf(target / 100, locale);
  const locked = betting.auto.running;
  const set = (next: number) => {
    setTarget(clampLimbo(next));
    betting.clearError('target');
  };

  return (
    <GameShell
      game="limbo"
      stage={
        <div className="flex min-h-180 flex-col items-center justify-center gap-6" aria-live="polite">
          <span
            key={last?.betId}
            data-testid="limbo-result"
            className={`font-black tabular-nums ${result === null ? 'text-muted/50' : won ? 'text-mint' : 'text-rose'} ${
              animate && result !== null ? 'animate-[pop_300ms_ease-out]' : ''
            }`}
            // A long result (1.000.000,00×) gets smaller type rather than run off a 393 px screen.
            style={{ fontSize: resultText.length > 9 ? '0.42rem' : '0.6rem', lineHeight: 1 }}
          >
            {resultText}
          </span>
          <span className="text-sm text-muted">
            {result === null ? t('limbo.hint') : won ? t('bet.won') : t('bet.lost')}
          </span>
          <span
            className="rounded-full bg-night/70 px-12 py-4 text-xs text-muted"
            data-testid="limbo-target-line"
          >
            {t('limbo.targetLine', { target: lineTarget })}
          </span>
        </div>
      }
      controls={
        <BetPanel
          betting={betting}
          stake={stake}
          potential={potential}
          rtp={held ? undefined : { game: 'limbo', target }}
        >
          <div className="grid grid-cols-2 gap-x-8">
            <LinkedField
              label={t('limbo.target')}
              {...field('target')}
              display={decimalText(target / 100, 2, locale)}
              suffix="×"
              error={betting.errors.target}
              disabled={locked}
              range={{
                min: LIMBO_TARGET.min / 100,
                max: LIMBO_TARGET.max / 100,
                message: t('errors.range', {
                  min: multiplierOf(LIMBO_TARGET.min / 100, locale),
                  max: multiplierOf(LIMBO_TARGET.max / 100, locale),
                }),
              }}
              onValue={(v) => set(v * 100)}
            />
            <LinkedField
              label={t('limbo.chance')}
              {...field('chance')}
              // Two decimals at least, as dice's chance (49,50), up to four for a high target's (0,0099).
              display={decimalText(limboChance(target), 4, locale).replace(/([.,]\d\d\d*?)0+$/, '$1')}
              suffix="%"
              disabled={locked}
              range={{
                min: MIN_CHANCE,
                max: MAX_CHANCE,
                message: t('errors.range', {
                  min: `${decimalText(MIN_CHANCE, 4, locale)}%`,
                  max: `${decimalText(MAX_CHANCE, 2, locale)}%`,
                }),
              }}
              onValue={(c) => set(limboTargetForChance(c))}
            />
          </div>
        </BetPanel>
      }
    />
  );
}

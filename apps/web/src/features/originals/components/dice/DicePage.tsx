import type { OriginalBet } from '@aposta/contracts';
import { DICE_CHANCE, diceMultiplier, payout } from '@aposta/fairness';
import { toMajor } from '@aposta/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../../lib/app-state';
import { placeBet } from '../../api/place-bet';
import { useAnimations } from '../../hooks/settings';
import { useBetting } from '../../hooks/useBetting';
import { useStake } from '../../hooks/useStake';
import {
  chanceOf,
  clampTarget,
  flipCondition,
  multiplierOf,
  targetBounds,
  targetForChance,
  targetForMultiplier,
  type DiceChoice,
} from '../../logic/dice';
import { decimalText, hundredthsLabel, multiplierLabel } from '../../logic/format';
import { BetPanel } from '../BetPanel';
import { GameShell } from '../GameShell';
import { LinkedField, useLinkedFields } from '../LinkedField';

/** The multipliers the chances allow (ten-thousandths): 99 / 98% and 99 / 0.01%. */
const MIN_MULTIPLIER = diceMultiplier(DICE_CHANCE.max);
const MAX_MULTIPLIER = diceMultiplier(DICE_CHANCE.min);

/** Dice: roll 0–100 over or under a target; the chance sets the multiplier (99 / chance). */
export function DicePage() {
  const { t } = useTranslation('originals');
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const animate = useAnimations();
  const [choice, setChoice] = useState<DiceChoice>({ target: 5050, condition: 'over' });
  const { held, field } = useLinkedFields();
  const stake = useStake();
  const betting = useBetting<'target' | 'condition'>({
    game: 'dice',
    stake,
    body: (amount) => ({ amount: toMajor(amount), target: choice.target / 100, condition: choice.condition }),
    send: (body, key) => placeBet({ game: 'dice', body: body as never }, key),
    schema: () => import('@aposta/contracts').then((m) => m.diceBetRequest),
    blocked: () => held,
  });
  const multiplier = multiplierOf(choice);
  const chance = chanceOf(choice);
  // A field out of range holds the bet: no payout nor RTP is shown for the last valid choice beside it.
  const potential = !held && Number.isFinite(stake.minor) ? payout(stake.minor, multiplier) : null;
  const locked = betting.auto.running;
  const set = (next: DiceChoice) => {
    setChoice(next);
    betting.clearError('target');
  };
  const bounds = targetBounds(choice.condition);
  const range = (min: string, max: string) => t('errors.range', { min, max });

  return (
    <GameShell
      game="dice"
      stage={
        <DiceStage
          choice={choice}
          onTarget={(target) => set({ ...choice, target })}
          last={betting.last}
          animate={animate}
          disabled={locked}
          held={held}
        />
      }
      controls={
        <BetPanel
          betting={betting}
          stake={stake}
          potential={potential}
          rtp={held ? undefined : { game: 'dice', ...choice }}
        >
          <div className="grid grid-cols-3 gap-x-6">
            <LinkedField
              label={t('dice.multiplier')}
              {...field('multiplier')}
              display={decimalText(multiplier / 10_000, 4, locale)}
              suffix="×"
              disabled={locked}
              range={{
                min: MIN_MULTIPLIER / 10_000,
                max: MAX_MULTIPLIER / 10_000,
                message: range(
                  multiplierLabel(MIN_MULTIPLIER, locale),
                  multiplierLabel(MAX_MULTIPLIER, locale),
                ),
              }}
              onValue={(m) =>
                set({ ...choice, target: targetForMultiplier(Math.round(m * 10_000), choice.condition) })
              }
            />
            <LinkedField
              label={t(choice.condition === 'over' ? 'dice.rollOver' : 'dice.rollUnder')}
              {...field('target')}
              display={decimalText(choice.target / 100, 2, locale)}
              error={betting.errors.target ?? betting.errors.condition}
              disabled={locked}
              range={{
                min: bounds.min / 100,
                max: bounds.max / 100,
                message: range(hundredthsLabel(bounds.min, locale), hundredthsLabel(bounds.max, locale)),
              }}
              onValue={(v) => set({ ...choice, target: clampTarget(Math.round(v * 100), choice.condition) })}
              trailing={
                <button
                  type="button"
                  className="min-h-44 min-w-36 rounded-r-xl border-l border-line text-base text-gold"
                  onClick={() => set(flipCondition(choice))}
                  disabled={locked}
                  aria-label={t('dice.flip')}
                  data-testid="dice-flip"
                >
                  ⇅
                </button>
              }
            />
            <LinkedField
              label={t('dice.chance')}
              {...field('chance')}
              display={decimalText(chance / 100, 2, locale)}
              suffix="%"
              disabled={locked}
              range={{
                min: DICE_CHANCE.min / 100,
                max: DICE_CHANCE.max / 100,
                message: range(
                  `${hundredthsLabel(DICE_CHANCE.min, locale)}%`,
                  `${hundredthsLabel(DICE_CHANCE.max, locale)}%`,
                ),
              }}
              onValue={(c) =>
                set({ ...choice, target: targetForChance(Math.round(c * 100), choice.condition) })
              }
            />
          </div>
        </BetPanel>
      }
    />
  );
}

function DiceStage({
  choice,
  onTarget,
  last,
  animate,
  disabled,
  held,
}: {
  choice: DiceChoice;
  onTarget: (target: number) => void;
  last: OriginalBet | null;
  animate: boolean;
  disabled: boolean;
  /** A field holds a value out of range: the slider's target is the last valid one, not what is typed. */
  held: boolean;
}) {
  const { t } = useTranslation('originals');
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const roll = last && 'roll' in last.outcome ? last.outcome.roll : null;
  const won = last ? last.payout > 0 : false;
  const bounds = targetBounds(choice.condition);
  const pct = choice.target / 100;
  const over = choice.condition === 'over';
  const winColor = 'var(--color-mint)';
  const loseColor = 'var(--color-rose)';
  const track = `linear-gradient(90deg, ${over ? loseColor : winColor} 0 ${pct}%, ${over ? winColor : loseColor} ${pct}% 100%)`;
  return (
    <div className="flex flex-col gap-16 py-8">
      <div className="flex flex-col items-center gap-2" aria-live="polite">
        <span
          key={last?.betId}
          data-testid="dice-roll"
          className={`text-5xl font-black tabular-nums ${roll === null ? 'text-muted/50' : won ? 'text-mint' : 'text-rose'} ${
            animate && roll !== null ? 'animate-[pop_260ms_ease-out]' : ''
          }`}
          style={{ fontSize: '0.52rem' }}
        >
          {roll === null ? '—' : hundredthsLabel(Math.round(roll * 100), locale)}
        </span>
        <span className="text-xs text-muted">
          {roll === null ? t('dice.rollHint') : won ? t('bet.won') : t('bet.lost')}
        </span>
      </div>
      <div className="relative px-4 pb-20 pt-28">
        {roll !== null ? (
          <span
            aria-hidden="true"
            className={`absolute top-0 -translate-x-1/2 rounded-md px-6 py-2 text-xs font-bold ${won ? 'bg-mint text-night' : 'bg-rose text-white'}`}
            // Held inside the track at its ends (a roll of 0,40 or 99,80 would put half the label off screen).
            style={{
              left: `clamp(0.3rem, ${roll}%, calc(100% - 0.3rem))`,
              transition: animate ? 'left 300ms cubic-bezier(.2,.8,.2,1)' : 'none',
            }}
          >
            {hundredthsLabel(Math.round(roll * 100), locale)}
          </span>
        ) : null}
        {/* Faded while a field is out of range (as the fields beside it show "—"); dragging it sets a valid
            target again. */}
        <div
          className={`h-10 rounded-full ${held ? 'opacity-30' : ''}`}
          style={{ background: track }}
          aria-hidden="true"
          data-testid="dice-track"
          data-held={held || undefined}
        />
        <input
          type="range"
          aria-label={t(over ? 'dice.rollOver' : 'dice.rollUnder')}
          min={0}
          max={10_000}
          step={1}
          value={choice.target}
          disabled={disabled}
          onChange={(e) => onTarget(clampTarget(Number(e.target.value), choice.condition))}
          className={`dice-range absolute inset-x-0 top-[0.11rem] h-44 w-full cursor-pointer appearance-none bg-transparent ${held ? 'opacity-40' : ''}`}
          data-min={bounds.min}
        />
        <div className="mt-8 flex justify-between text-2xs text-muted" aria-hidden="true">
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n}>{n}</span>
          ))}
        </div>
      </div>
    </div>
  );
}

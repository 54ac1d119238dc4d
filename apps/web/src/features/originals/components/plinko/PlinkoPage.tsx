import type { OriginalBet } from '@aposta/contracts';
import { payout, PLINKO_ROWS, plinkoTable, type PlinkoRisk } from '@aposta/fairness';
import { toMajor } from '@aposta/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../../lib/app-state';
import { placeBet } from '../../api/place-bet';
import { useAnimations } from '../../hooks/settings';
import { useBetting } from '../../hooks/useBetting';
import { useStake } from '../../hooks/useStake';
import { multiplierLabel, slotLabel } from '../../logic/format';
import { BetPanel } from '../BetPanel';
import { GameShell } from '../GameShell';
import { Segmented } from '../Segmented';
import { SelectField } from '../SelectField';

const ROW_CHOICES = Array.from({ length: PLINKO_ROWS.max - PLINKO_ROWS.min + 1 }, (_, i) => ({
  value: PLINKO_ROWS.min + i,
  label: String(PLINKO_ROWS.min + i),
}));
const DROP_MS_PER_ROW = 110;

/** A ball on its way down, with the bet it tells once it lands. */
interface FallingBall {
  id: string;
  path: (0 | 1)[];
  bet: OriginalBet;
}

/** Plinko: a ball falls through the rows, one float per row sends it left or right; the slot pays its multiplier. */
export function PlinkoPage() {
  const { t } = useTranslation('originals');
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const animate = useAnimations();
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [balls, setBalls] = useState<FallingBall[]>([]);
  // The bet whose ball landed last: its slot, its line and its place in the last results wait for the fall.
  const [shown, setShown] = useState<OriginalBet | null>(null);
  const stake = useStake();
  const betting = useBetting<'rows' | 'risk'>({
    game: 'plinko',
    stake,
    body: (amount) => ({ amount: toMajor(amount), rows, risk }),
    send: (body, key) => placeBet({ game: 'plinko', body: body as never }, key),
    schema: () => import('@aposta/contracts').then((m) => m.plinkoBetRequest),
    withholdsPayout: () => animate,
    onResult: (bet) => {
      const o = bet.outcome;
      if ('path' in o && animate) setBalls((b) => [...b.slice(-9), { id: bet.betId, path: o.path, bet }]);
      else setShown(bet);
    },
  });
  const table = plinkoTable(rows, risk);
  const last = shown;
  const lastSlot =
    last &&
    'slot' in last.outcome &&
    last.params.game === 'plinko' &&
    last.params.rows === rows &&
    last.params.risk === risk
      ? last.outcome.slot
      : null;
  // The board stays as the balls in flight were dropped on (their paths have that many rows).
  const locked = betting.auto.running || balls.length > 0;

  return (
    <GameShell
      game="plinko"
      falling={balls.map((b) => b.id)}
      stage={
        <div className="flex flex-col gap-8">
          <Board
            animate={animate}
            rows={rows}
            table={table}
            balls={balls}
            onLanded={(id) => {
              const ball = balls.find((x) => x.id === id);
              if (ball) setShown(ball.bet);
              setBalls((b) => b.filter((x) => x.id !== id));
            }}
            lastSlot={lastSlot}
            betId={last?.betId}
            locale={locale}
          />
          <p className="text-center text-sm" aria-live="polite" data-testid="plinko-result">
            {last ? (
              <PlinkoResult bet={last} locale={locale} />
            ) : (
              <span className="text-muted">{t('plinko.hint')}</span>
            )}
          </p>
        </div>
      }
      controls={
        <BetPanel
          betting={betting}
          stake={stake}
          potential={Number.isFinite(stake.minor) ? payout(stake.minor, Math.max(...table)) : null}
          upTo
          rtp={{ game: 'plinko', rows, risk }}
        >
          <Segmented
            label={t('plinko.risk')}
            value={risk}
            disabled={locked}
            onChange={(r) => {
              setRisk(r);
              betting.clearError('risk');
            }}
            options={(['low', 'medium', 'high'] as const).map((r) => ({ value: r, label: t(`plinko.${r}`) }))}
          />
          <SelectField
            label={t('plinko.rows')}
            name="rows"
            value={rows}
            options={ROW_CHOICES}
            disabled={locked}
            error={betting.errors.rows}
            onChange={(n) => {
              setRows(n);
              betting.clearError('rows');
            }}
          />
          <p className="text-xs text-muted">
            {t('plinko.maxWin', { multiplier: multiplierLabel(Math.max(...table), locale) })}
          </p>
        </BetPanel>
      }
    />
  );
}

function PlinkoResult({ bet, locale }: { bet: OriginalBet; locale: string }) {
  const { t } = useTranslation('originals');
  const slot = 'slot' in bet.outcome ? bet.outcome.slot : 0;
  const m = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bet.multiplier);
  return (
    <span className={bet.payout > bet.amount ? 'font-bold text-mint' : 'text-muted'}>
      {t('plinko.landed', { slot, multiplier: `${m}×` })}
    </span>
  );
}

/** Colour of a slot by how far it is from the centre: yellow in the middle, red at the edges. */
function slotColor(k: number, rows: number): string {
  const d = Math.abs(k - rows / 2) / (rows / 2);
  const hue = Math.round(48 - d * 48);
  return `hsl(${hue} 95% ${58 - d * 6}%)`;
}

function Board({
  rows,
  table,
  balls,
  onLanded,
  lastSlot,
  betId,
  locale,
  animate,
}: {
  animate: boolean;
  rows: number;
  table: readonly number[];
  balls: FallingBall[];
  onLanded: (id: string) => void;
  lastSlot: number | null;
  betId?: string;
  locale: string;
}) {
  const s = 100 / (rows + 2);
  const dy = s * 0.86;
  const top = dy;
  const height = top + rows * dy + 2;
  const pegs: { x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < r + 3; i++) pegs.push({ x: 50 + (i - (r + 2) / 2) * s, y: top + r * dy });
  }
  // The slots' labels never go under the app's smallest text (10 px at 393 px): the board takes the stage's
  // padding, from 13 rows the slots nearly touch, and from 11 rows the labels drop the "×" (the result says it).
  const dense = rows > 12;
  return (
    <div aria-hidden="true" className="-mx-10 flex flex-col gap-4">
      <svg viewBox={`0 0 100 ${height}`} className="w-full" role="presentation">
        {pegs.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={s * 0.13} fill="#dfe3ff" opacity={0.85} />
        ))}
        {balls.map((b) => (
          <Ball key={b.id} id={b.id} path={b.path} s={s} dy={dy} top={top} onLanded={onLanded} />
        ))}
      </svg>
      <div
        className={`grid ${dense ? 'gap-1' : 'gap-2'}`}
        style={{
          gridTemplateColumns: `repeat(${rows + 1}, minmax(0, 1fr))`,
          padding: `0 ${(s / 2) * 0.98}%`,
        }}
      >
        {table.map((m, k) => (
          <span
            key={`${k}-${k === lastSlot ? betId : ''}`}
            data-testid="plinko-slot"
            className={`flex h-24 items-center justify-center rounded-sm font-bold text-night ${k === lastSlot ? `ring-2 ring-white ${animate ? 'animate-[pop_300ms_ease-out]' : ''}` : ''}`}
            style={{
              background: slotColor(k, rows),
              fontSize: rows > 14 ? '0.1rem' : '0.11rem',
              letterSpacing: dense ? '-0.03em' : undefined,
            }}
          >
            {slotLabel(m, locale)}
            {rows <= 10 ? '×' : ''}
          </span>
        ))}
      </div>
    </div>
  );
}

/** One ball's fall along its path; the bet's result is told when it lands (`onLanded`). */
function Ball({
  id,
  path,
  s,
  dy,
  top,
  onLanded,
}: {
  id: string;
  path: (0 | 1)[];
  s: number;
  dy: number;
  top: number;
  onLanded: (id: string) => void;
}) {
  const ref = useRef<SVGCircleElement>(null);
  // The parent re-renders with every bet: the fall must not restart because its callback is a new function.
  const landed = useRef(onLanded);
  landed.current = onLanded;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.animate !== 'function') return landed.current(id);
    const frames: Keyframe[] = [{ transform: `translate(50px, ${top - dy}px)` }];
    let rights = 0;
    path.forEach((step, r) => {
      rights += step;
      frames.push({
        transform: `translate(${50 + (rights - (r + 1) / 2) * s}px, ${top + r * dy + dy * 0.55}px)`,
      });
    });
    const anim = el.animate(frames, {
      duration: DROP_MS_PER_ROW * path.length,
      easing: 'ease-in',
      fill: 'forwards',
    });
    anim.onfinish = () => landed.current(id);
    return () => anim.cancel();
  }, [id, path, s, dy, top]);
  return <circle ref={ref} cx={0} cy={0} r={s * 0.3} fill="#f8c94a" stroke="#2a1700" strokeWidth={0.3} />;
}

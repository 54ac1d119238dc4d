import type { OriginalBet } from '@aposta/contracts';
import { payout, PLINKO_ROWS, plinkoTable, type PlinkoRisk } from '@aposta/fairness';
import { toMajor } from '@aposta/money';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
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
/** Radii of a ball and a peg, in slot widths. */
const BALL_R = 0.3;
const PEG_R = 0.13;

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
  // The last ball's slot and caption belong to the board it fell on: another rows or risk shows the hint, or
  // "Casa 7 · 0,5×" would stand under a board whose slot 7 pays something else.
  const last =
    shown && shown.params.game === 'plinko' && shown.params.rows === rows && shown.params.risk === risk
      ? shown
      : null;
  const lastSlot = last && 'slot' in last.outcome ? last.outcome.slot : null;
  // The board stays as the balls in flight were dropped on (their paths have that many rows).
  const locked = betting.auto.running || balls.length > 0;
  const falling = balls.map((b) => b.id);

  return (
    <GameShell
      game="plinko"
      falling={falling}
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
          falling={falling}
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

/**
 * Narrows each slot's label to its slot when the phone's font is too wide for it (a fallback font such as DejaVu
 * Sans is a tenth wider than Roboto): a horizontal scale, never a smaller font. Measured again when the board
 * changes size.
 */
function useFitLabels(grid: RefObject<HTMLDivElement | null>, key: string) {
  useLayoutEffect(() => {
    const el = grid.current;
    if (!el) return;
    const fit = () => {
      for (const label of Array.from(el.querySelectorAll<HTMLElement>('[data-fit]'))) {
        label.style.transform = '';
        const room = label.parentElement!.clientWidth - 2;
        const width = label.getBoundingClientRect().width;
        if (width > room && room > 0) label.style.transform = `scaleX(${room / width})`;
      }
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(fit);
    watch.observe(el);
    return () => watch.disconnect();
  }, [grid, key]);
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
  const pegs: { key: string; x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < r + 3; i++)
      pegs.push({ key: `${r}:${i}`, x: 50 + (i - (r + 2) / 2) * s, y: top + r * dy });
  }
  const pegRefs = useRef(new Map<string, SVGCircleElement>());
  const flashPeg = (row: number, index: number, delay: number) =>
    pegRefs.current.get(`${row}:${index}`)?.animate(
      [
        { transform: 'scale(1)', fill: '#dfe3ff' },
        { transform: 'scale(1.7)', fill: '#ffffff', offset: 0.25 },
        { transform: 'scale(1)', fill: '#dfe3ff' },
      ],
      { duration: 320, delay, easing: 'ease-out' },
    );
  // The slots' labels never go under the app's smallest text (10 px at 393 px): the board takes the stage's
  // padding, from 13 rows the slots nearly touch, and from 11 rows the labels drop the "×" (the result says it).
  const dense = rows > 12;
  const grid = useRef<HTMLDivElement>(null);
  useFitLabels(grid, `${table.join()}:${lastSlot}:${betId}`);
  return (
    <div aria-hidden="true" className="-mx-10 flex flex-col gap-4">
      <svg viewBox={`0 0 100 ${height}`} className="w-full" role="presentation">
        {pegs.map((p, i) => (
          <circle
            key={i}
            ref={(el) => {
              if (el) pegRefs.current.set(p.key, el);
              else pegRefs.current.delete(p.key);
            }}
            cx={p.x}
            cy={p.y}
            r={s * PEG_R}
            fill="#dfe3ff"
            opacity={0.85}
            style={{ transformBox: 'fill-box', transformOrigin: 'center' }}
          />
        ))}
        {balls.map((b) => (
          <Ball
            key={b.id}
            id={b.id}
            path={b.path}
            s={s}
            dy={dy}
            top={top}
            onLanded={onLanded}
            onPeg={flashPeg}
          />
        ))}
      </svg>
      <div
        ref={grid}
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
            <span data-fit className="inline-block whitespace-nowrap">
              {slotLabel(m, locale)}
              {rows <= 10 ? '×' : ''}
            </span>
          </span>
        ))}
      </div>
    </div>
  );
}

/** How far (in rows) a ball hops up off a peg before it falls to the next one, and when the hop tops out. */
const HOP = 0.28;
const HOP_AT = 0.32;

/**
 * One ball's fall along its path, peg to peg: it touches the top of a peg in each row, hops off to the side the
 * path says and falls onto the next row's peg (each peg it touches lights up). The bet's result is told when it
 * lands (`onLanded`).
 */
function Ball({
  id,
  path,
  s,
  dy,
  top,
  onLanded,
  onPeg,
}: {
  id: string;
  path: (0 | 1)[];
  s: number;
  dy: number;
  top: number;
  onLanded: (id: string) => void;
  /** Lights up peg `index` of row `row` after `delay` ms. */
  onPeg: (row: number, index: number, delay: number) => void;
}) {
  const ref = useRef<SVGCircleElement>(null);
  // The parent re-renders with every bet: the fall must not restart because its callbacks are new functions.
  const landed = useRef(onLanded);
  landed.current = onLanded;
  const peg = useRef(onPeg);
  peg.current = onPeg;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.animate !== 'function') return landed.current(id);
    const rows = path.length;
    // The ball's centre when it rests on a peg: the peg's centre less both radii.
    const lift = s * (BALL_R + PEG_R);
    const at = (x: number, y: number, offset: number, easing: string): Keyframe => ({
      transform: `translate(${x}px, ${y}px)`,
      offset,
      easing,
    });
    const frames: Keyframe[] = [at(50, top - dy * 1.2, 0, 'ease-in')];
    let rights = 0;
    path.forEach((step, r) => {
      // Row r's peg under the ball: index rights + 1 of its r + 3 (the centre one of row 0).
      const x = 50 + (rights - r / 2) * s;
      const y = top + r * dy - lift;
      frames.push(at(x, y, (r + 1) / (rows + 1), 'ease-out'));
      peg.current(r, rights + 1, DROP_MS_PER_ROW * (r + 1));
      const side = step ? 1 : -1;
      frames.push(at(x + side * s * 0.22, y - dy * HOP, (r + 1 + HOP_AT) / (rows + 1), 'ease-in'));
      rights += step;
    });
    frames.push(at(50 + (rights - rows / 2) * s, top + (rows - 1) * dy + dy * 0.7, 1, 'ease-in'));
    const anim = el.animate(frames, { duration: DROP_MS_PER_ROW * (rows + 1), fill: 'forwards' });
    anim.onfinish = () => landed.current(id);
    return () => anim.cancel();
  }, [id, path, s, dy, top]);
  return <circle ref={ref} cx={0} cy={0} r={s * BALL_R} fill="#f8c94a" stroke="#2a1700" strokeWidth={0.3} />;
}

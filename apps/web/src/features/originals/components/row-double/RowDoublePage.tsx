import { payout, rowDoubleMultiplier, type RowDoubleColor } from '@aposta/fairness';
import { toMajor } from '@aposta/money';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeBet } from '../../api/place-bet';
import { useAnimations } from '../../hooks/settings';
import { useBetting } from '../../hooks/useBetting';
import { useStake } from '../../hooks/useStake';
import { BetPanel } from '../BetPanel';
import { GameShell } from '../GameShell';
import { ROW_ORDER, tileClass } from '../row-double-tiles';

const COLORS: RowDoubleColor[] = ['red', 'white', 'black'];
/** Copies of the row side by side, so the slide always has tiles to pass before it stops. */
const COPIES = 7;
const TILE = 0.56; // rem: 56 design pixels with the gap

/** Row double: the 15-tile row of double; white pays 14×, red and black 2×. */
export function RowDoublePage() {
  const { t } = useTranslation('originals');
  const animate = useAnimations();
  const [color, setColor] = useState<RowDoubleColor>('red');
  const stake = useStake();
  const betting = useBetting<'color'>({
    game: 'rowDouble',
    stake,
    body: (amount) => ({ amount: toMajor(amount), color }),
    send: (body, key) => placeBet({ game: 'rowDouble', body: body as never }, key),
    schema: () => import('@aposta/contracts').then((m) => m.rowDoubleBetRequest),
    withholdsPayout: () => animate,
  });
  // The bet whose slide has stopped: its result is told then, not while the row still moves.
  const [stopped, setStopped] = useState<string | null>(null);
  const potential = Number.isFinite(stake.minor) ? payout(stake.minor, rowDoubleMultiplier(color)) : null;
  const last = betting.last;
  const tile = last && 'tile' in last.outcome ? last.outcome.tile : null;
  const won = last ? last.payout > 0 : false;
  const sliding = last !== null && stopped !== last.betId;
  const falling = sliding ? [last.betId] : [];

  return (
    <GameShell
      game="rowDouble"
      falling={falling}
      stage={
        <div className="flex flex-col gap-10">
          <Row
            tile={tile}
            betId={last?.betId ?? ''}
            animate={animate}
            sliding={sliding}
            onStopped={setStopped}
          />
          <p className="text-center text-sm" aria-live="polite" data-testid="row-result">
            {tile === null ? (
              <span className="text-muted">{t('rowDouble.hint')}</span>
            ) : sliding ? (
              // The line keeps its height while the row slides.
              <span aria-hidden="true">&nbsp;</span>
            ) : (
              <span className={won ? 'font-bold text-mint' : 'text-rose'}>
                {t('rowDouble.result', {
                  tile,
                  color: t(`rowDouble.${tile === 0 ? 'white' : tile <= 7 ? 'red' : 'black'}`),
                })}{' '}
                · {won ? t('bet.won') : t('bet.lost')}
              </span>
            )}
          </p>
        </div>
      }
      controls={
        <BetPanel
          betting={betting}
          stake={stake}
          potential={potential}
          rtp={{ game: 'rowDouble', color }}
          falling={falling}
        >
          <div role="radiogroup" aria-label={t('rowDouble.pick')} className="grid grid-cols-3 gap-8">
            {COLORS.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={color === c}
                disabled={betting.auto.running}
                onClick={() => {
                  setColor(c);
                  betting.clearError('color');
                }}
                className={`flex min-h-56 flex-col items-center justify-center rounded-xl border-2 text-sm font-bold transition ${
                  color === c ? 'border-gold' : 'border-transparent opacity-70'
                } ${tileClass(c === 'white' ? 0 : c === 'red' ? 1 : 8)}`}
              >
                {t(`rowDouble.${c}`)}
                <span className="text-xs font-semibold opacity-80">{c === 'white' ? '14×' : '2×'}</span>
              </button>
            ))}
          </div>
        </BetPanel>
      }
    />
  );
}

/** The sliding row: it stops with the drawn tile under the marker, and says so (`onStopped`). */
function Row({
  tile,
  betId,
  animate,
  sliding,
  onStopped,
}: {
  tile: number | null;
  betId: string;
  animate: boolean;
  sliding: boolean;
  onStopped: (betId: string) => void;
}) {
  // The parent re-renders while the row slides: the slide must not restart because its callback is new.
  const stopped = useRef(onStopped);
  stopped.current = onStopped;
  const strip = useRef<HTMLDivElement>(null);
  const slide = useRef<Animation | null>(null);
  // The bet the row last showed (slid to, or set at): the animations switch alone never draws it again.
  const drawn = useRef<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const index = tile === null ? 0 : ROW_ORDER.indexOf(tile as (typeof ROW_ORDER)[number]);
  // Stop on the tile in the second-to-last copy, so every spin passes several copies.
  const stopAt = (COPIES - 2) * ROW_ORDER.length + index;
  useLayoutEffect(() => {
    const el = strip.current;
    const width = box.current?.clientWidth ?? 0;
    if (!el) return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 100;
    const copy = ROW_ORDER.length * TILE * rem;
    const x = width / 2 - (stopAt + 0.5) * TILE * rem;
    if (tile !== null && drawn.current === betId) {
      // Only the switch changed. A landed result stays where it is (switching animations on does not replay
      // it); switched off mid-slide, the row stops on the tile at once.
      if (!animate && slide.current) {
        slide.current.cancel();
        slide.current = null;
        el.style.transform = `translateX(${x}px)`;
        stopped.current(betId);
      }
      return;
    }
    drawn.current = tile === null ? null : betId;
    // Where the row is now, mid-slide included (an auto bet's next result comes before the slide ends).
    const from = stripX(el);
    // The slide before (if any) gives way; the row rests where this one ends, whatever happens to it.
    slide.current?.cancel();
    slide.current = null;
    el.style.transform = `translateX(${x}px)`;
    if (!animate || tile === null || typeof el.animate !== 'function') {
      if (tile !== null) stopped.current(betId);
      return;
    }
    // The row repeats every copy: it goes on from the same view, shifted two to three copies before the stop,
    // so it slides on from where it is instead of jumping back to a start.
    const start = Number.isFinite(from) ? x + 2 * copy + mod(from - x, copy) : x + 2 * copy;
    const jitter = (Math.random() - 0.5) * TILE * rem * 0.6;
    // The easing is per stretch, not over the whole: the row slows down across the whole spin and ends with a
    // short settle onto the tile (an easing over the whole put 85% of the way in the first 0.3 s, then stood).
    const animation = el.animate(
      [
        { transform: `translateX(${start}px)`, easing: 'cubic-bezier(.2,.55,.3,1)' },
        { transform: `translateX(${x + jitter}px)`, offset: 0.88, easing: 'ease-in-out' },
        { transform: `translateX(${x}px)` },
      ],
      { duration: 1600, easing: 'linear' },
    );
    animation.onfinish = () => {
      if (slide.current === animation) slide.current = null;
      stopped.current(betId);
    };
    slide.current = animation;
  }, [betId, stopAt, animate, tile]);
  return (
    <div ref={box} className="relative overflow-hidden rounded-xl bg-night/70 py-14" aria-hidden="true">
      <div
        ref={strip}
        className="flex gap-6 will-change-transform"
        style={{ width: 'max-content' }}
        data-testid="row-strip"
      >
        {Array.from({ length: COPIES }, (_, copy) =>
          ROW_ORDER.map((n, i) => (
            <span
              key={`${copy}-${i}`}
              className={`flex size-50 shrink-0 items-center justify-center rounded-lg text-base font-black ${tileClass(n)} ${
                !sliding && tile !== null && copy * ROW_ORDER.length + i === stopAt ? 'ring-2 ring-gold' : ''
              }`}
              data-testid={
                !sliding && tile !== null && copy * ROW_ORDER.length + i === stopAt ? 'row-winner' : undefined
              }
            >
              {n}
            </span>
          )),
        )}
      </div>
      {/* The marker points at the tile from above and below, in the row's margins: never across its number. */}
      <span
        data-testid="row-marker"
        className="absolute top-0 left-1/2 -translate-x-1/2 border-x-[0.08rem] border-t-[0.12rem] border-x-transparent border-t-gold drop-shadow-[0_0_0.04rem_#f8c94a]"
      />
      <span
        data-testid="row-marker"
        className="absolute bottom-0 left-1/2 -translate-x-1/2 border-x-[0.08rem] border-b-[0.12rem] border-x-transparent border-b-gold drop-shadow-[0_0_0.04rem_#f8c94a]"
      />
    </div>
  );
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** The strip's horizontal offset as drawn now (the computed transform includes a running animation); NaN if none. */
function stripX(el: HTMLElement): number {
  const t = getComputedStyle(el).transform;
  const m = /^matrix\((?:[^,]+,){4}\s*([^,]+),/.exec(t) ?? /^translateX\((.+)px\)$/.exec(t);
  return m ? parseFloat(m[1]!) : Number.NaN;
}

import type { StudioGameInfo } from '@aposta/contracts';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { symbolNamer } from '../../../lib/slot-symbols';
import { blurStrip } from '../logic/timing';
import { SymbolArt } from './SymbolArt';

const LINE_COLOURS = ['#facc15', '#f472b6', '#22d3ee', '#a3e635', '#fb923c', '#c084fc', '#f87171', '#34d399'];
const FILLER = 12;

export interface Highlight {
  cells: Set<string>;
  lines: number[];
}

export const cellKey = (row: number, reel: number) => `${row}:${reel}`;

function Reel({
  game,
  reel,
  column,
  previous,
  spinKey,
  dropKey,
  duration,
  highlight,
  onSymbol,
}: {
  game: StudioGameInfo;
  reel: number;
  column: string[];
  previous: string[];
  spinKey: number;
  dropKey: number;
  duration: number;
  highlight: Highlight | null;
  onSymbol: (id: string) => { name: string; label: string; index: number; wild: boolean; scatter: boolean };
}) {
  const strip = useRef<HTMLDivElement>(null);
  const filler = useMemo(
    () =>
      blurStrip(
        game.symbols.map((s) => s.id),
        FILLER,
        spinKey + reel,
      ),
    [game.symbols, spinKey, reel],
  );
  const cells = [...column, ...filler, ...previous];
  const rows = column.length;

  // A new spin: the strip starts with the last grid in the window and slides down to the new one, easing out
  // with a small bounce. Cascades change the column without a spin: the fallen cells drop in.
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el || spinKey === 0) return;
    const start = ((rows + FILLER) / cells.length) * 100;
    el.style.transition = 'none';
    el.style.transform = `translateY(-${start}%)`;
    if (duration === 0) {
      el.style.transform = 'translateY(0)';
      return;
    }
    void el.getBoundingClientRect();
    el.style.transition = `transform ${duration}ms cubic-bezier(0.22, 0.8, 0.32, 1.08)`;
    el.style.transform = 'translateY(0)';
  }, [spinKey]);

  return (
    <div className="relative overflow-hidden" style={{ height: `calc(var(--cell) * ${rows})` }}>
      <div ref={strip} className="will-change-transform">
        {cells.map((id, i) => {
          const inWindow = i < rows;
          const lit = inWindow && highlight?.cells.has(cellKey(i, reel));
          const dim = inWindow && highlight && highlight.cells.size > 0 && !lit;
          const info = onSymbol(id);
          return (
            <div
              key={inWindow ? `w-${i}-${dropKey}` : `s-${i}`}
              className={`flex items-center justify-center p-[6%] transition-opacity duration-200 ${
                inWindow && dropKey > 0 ? 'slot-drop' : ''
              } ${dim ? 'opacity-35' : ''}`}
              style={{ height: 'var(--cell)' }}
              data-testid={inWindow ? 'slot-cell' : undefined}
              data-symbol={inWindow ? id : undefined}
              data-win={lit ? 'true' : undefined}
            >
              <div className={`size-full ${lit ? 'slot-win' : ''}`}>
                <SymbolArt
                  id={id}
                  name={info.name}
                  label={info.label}
                  index={info.index}
                  wild={info.wild}
                  scatter={info.scatter}
                />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The reels: one column per reel, and the winning lines drawn over them. */
export function Reels({
  game,
  grid,
  previous,
  spinKey,
  dropKey,
  reelMs,
  staggerMs,
  highlight,
}: {
  game: StudioGameInfo;
  grid: string[][];
  previous: string[][];
  spinKey: number;
  dropKey: number;
  reelMs: number;
  staggerMs: number;
  highlight: Highlight | null;
}) {
  const { t } = useTranslation('studio');
  const info = useMemo(() => {
    const symbolName = symbolNamer(t, game.gameCode, game.symbols);
    const map = new Map(game.symbols.map((s, index) => [s.id, { ...s, index, label: symbolName(s.id) }]));
    return (id: string) => map.get(id) ?? { name: id, label: id, index: 0, wild: false, scatter: false };
  }, [t, game]);
  const reels = game.reels;
  const rows = game.rows;
  return (
    <div
      className="relative grid"
      style={{
        gridTemplateColumns: `repeat(${reels}, minmax(0, 1fr))`,
        ['--cell' as string]: `calc(min(3.93rem, 100vw) * 0.9 / ${reels})`,
      }}
      data-testid="reels"
    >
      {Array.from({ length: reels }, (_, reel) => (
        <Reel
          key={reel}
          game={game}
          reel={reel}
          column={grid.map((row) => row[reel]!)}
          previous={previous.map((row) => row[reel]!)}
          spinKey={spinKey}
          dropKey={dropKey}
          duration={reelMs === 0 ? 0 : reelMs + reel * staggerMs}
          highlight={highlight}
          onSymbol={info}
        />
      ))}
      {highlight && highlight.lines.length > 0 ? (
        <svg
          viewBox={`0 0 ${reels} ${rows}`}
          preserveAspectRatio="none"
          className="pointer-events-none absolute inset-0 size-full"
          aria-hidden="true"
        >
          {highlight.lines.map((line) => {
            const path = game.lines[line];
            if (!path) return null;
            return (
              <polyline
                key={line}
                points={path.map((row, reel) => `${reel + 0.5},${row + 0.5}`).join(' ')}
                fill="none"
                stroke={LINE_COLOURS[line % LINE_COLOURS.length]}
                strokeWidth="0.07"
                strokeLinejoin="round"
                strokeLinecap="round"
                className="slot-line"
              />
            );
          })}
        </svg>
      ) : null}
    </div>
  );
}

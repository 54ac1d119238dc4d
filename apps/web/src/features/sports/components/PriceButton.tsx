import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/Icon';

/**
 * One selection's price: tap to add it to the slip (or take it out). A price that moved since the last render
 * flashes green (up) or red (down) for two seconds, as on every book; a market not open shows a lock.
 */
export function PriceButton({
  label,
  price,
  selected,
  locked,
  onClick,
  compact,
}: {
  label: string;
  price: string;
  selected: boolean;
  locked: boolean;
  onClick: () => void;
  compact?: boolean;
}) {
  const last = useRef(price);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (last.current === price) return;
    const up = Number(price.replace(',', '.')) > Number(last.current.replace(',', '.'));
    last.current = price;
    setMove(up ? 'up' : 'down');
    const timer = setTimeout(() => setMove(null), 2_000);
    return () => clearTimeout(timer);
  }, [price]);
  const tone = selected
    ? 'border-gold bg-gold/20 text-gold'
    : move === 'up'
      ? 'border-mint/70 bg-mint/10'
      : move === 'down'
        ? 'border-rose/70 bg-rose/10'
        : 'border-line bg-raised/70 hover:border-gold/50';
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={locked}
      aria-pressed={selected}
      data-testid="price"
      data-move={move ?? undefined}
      className={`flex min-h-44 min-w-0 flex-1 items-center justify-between gap-6 rounded-lg border px-8 text-sm transition-colors disabled:opacity-50 ${tone} ${compact ? 'flex-col justify-center gap-0 px-4' : ''}`}
    >
      <span className={`truncate ${compact ? 'text-2xs text-muted' : 'text-xs text-muted'}`}>{label}</span>
      {locked ? (
        <Icon name="lock" className="size-14 text-muted" />
      ) : (
        <span className="font-bold tabular-nums">
          {move === 'up' ? '▲ ' : move === 'down' ? '▼ ' : ''}
          {price}
        </span>
      )}
    </button>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { parseDecimal } from '../logic/format';

/**
 * The state a game's linked fields share: which of them holds a value out of range, and how many values they
 * have passed on. While one holds a value out of range, the bet is held (`held`) and the others show a dash, not
 * the last valid choice the bet would not have; once any passes a value on, a rejected text elsewhere gives way.
 * `field(name)` is spread into each LinkedField.
 */
export function useLinkedFields() {
  const [outside, setOutside] = useState<Record<string, boolean>>({});
  const [moves, setMoves] = useState(0);
  return {
    held: Object.values(outside).some(Boolean),
    field: (name: string) => ({
      name,
      blank: Object.entries(outside).some(([other, out]) => out && other !== name),
      moves,
      onOutside: (value: boolean) =>
        setOutside((o) => (Boolean(o[name]) === value ? o : { ...o, [name]: value })),
      onPassed: () => setMoves((m) => m + 1),
    }),
  };
}

/**
 * A number field tied to others (dice's chance, multiplier and target): while the player types, the field
 * keeps the text and passes every readable value on; when it loses focus it shows the value the others agree on.
 * A value outside `range` is not passed on: the field keeps it with the range's message beside it (and tells
 * `onOutside`, so the game refuses to bet) until the player corrects it or another control moves the value;
 * so is an empty or unreadable text.
 */
export function LinkedField({
  label,
  name,
  display,
  onValue,
  range,
  onOutside,
  suffix,
  error,
  disabled,
  className,
  trailing,
  blank,
  moves,
  onPassed,
}: {
  label: string;
  name: string;
  display: string;
  /** A dash instead of `display` until the player edits this field (see useLinkedFields). */
  blank?: boolean;
  /** Values passed on by the linked fields: when it changes, a rejected text here gives way. */
  moves?: number;
  onPassed?: () => void;
  onValue: (value: number) => void;
  range?: { min: number; max: number; message: string };
  onOutside?: (outside: boolean) => void;
  suffix?: string;
  error?: string;
  disabled?: boolean;
  className?: string;
  trailing?: ReactNode;
}) {
  const [typing, setTyping] = useState<string | null>(null);
  const [outside, setOutside] = useState(false);
  // Another control moved the value (even to the same display): the rejected text gives way to it.
  const [seen, setSeen] = useState({ display, moves });
  if (seen.display !== display || seen.moves !== moves) {
    setSeen({ display, moves });
    if (outside) {
      setOutside(false);
      setTyping(null);
    }
  }
  const tell = useRef(onOutside);
  tell.current = onOutside;
  useEffect(() => tell.current?.(outside), [outside]);
  return (
    <TextField
      // Fields stand in a row (the parent a grid of columns): label, input and message each take a row shared
      // with the neighbours', so a label that wraps, or a message under one field, leaves the inputs level.
      className={`row-span-3 grid grid-rows-subgrid [&>label]:self-end ${className ?? ''}`}
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={typing ?? (blank ? '—' : display)}
      error={error ?? (outside ? range?.message : undefined)}
      disabled={disabled}
      onFocus={() => setTyping((text) => text ?? (blank ? '' : display))}
      onBlur={() => !outside && setTyping(null)}
      onChange={(e) => {
        const text = e.target.value.replace(/[^\d.,]/g, '');
        setTyping(text);
        const value = parseDecimal(text);
        // Nothing readable, or zero: a ranged field says its range and holds the bet (the last value would
        // otherwise come back on blur and be bet without the player seeing it).
        if (!Number.isFinite(value) || value <= 0) return setOutside(Boolean(range));
        if (range && (value < range.min || value > range.max)) return setOutside(true);
        setOutside(false);
        onValue(value);
        onPassed?.();
      }}
      trailing={
        trailing ?? (suffix ? <span className="pr-10 text-sm font-semibold text-muted">{suffix}</span> : null)
      }
    />
  );
}

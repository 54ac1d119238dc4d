import { useState, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { parseDecimal } from '../logic/format';

/**
 * A number field tied to others (dice's chance, multiplier and target): while the player types, the field
 * keeps the text and passes every readable value on; when it loses focus it shows the value the others agree on.
 */
export function LinkedField({
  label,
  name,
  display,
  onValue,
  suffix,
  error,
  disabled,
  className,
  trailing,
}: {
  label: string;
  name: string;
  display: string;
  onValue: (value: number) => void;
  suffix?: string;
  error?: string;
  disabled?: boolean;
  className?: string;
  trailing?: ReactNode;
}) {
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <TextField
      className={className}
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={typing ?? display}
      error={error}
      disabled={disabled}
      onFocus={() => setTyping(display)}
      onBlur={() => setTyping(null)}
      onChange={(e) => {
        const text = e.target.value.replace(/[^\d.,]/g, '');
        setTyping(text);
        const value = parseDecimal(text);
        if (Number.isFinite(value) && value > 0) onValue(value);
      }}
      trailing={
        trailing ?? (suffix ? <span className="pr-10 text-sm font-semibold text-muted">{suffix}</span> : null)
      }
    />
  );
}

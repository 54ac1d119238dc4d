import { useId } from 'react';
import { FieldError } from '../../../components/ui/TextField';

/** A labelled choice from a list (mines count, plinko rows, the verifier's game), with its message below. */
export function SelectField<V extends string | number>({
  label,
  name,
  value,
  options,
  onChange,
  disabled,
  error,
}: {
  label: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      <label htmlFor={id} className="text-sm text-muted">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)!.value)}
        className="min-h-46 rounded-xl border border-line bg-deep/80 px-12 text-base text-text"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

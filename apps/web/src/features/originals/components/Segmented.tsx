/** A row of mutually exclusive choices (radio group) with 44 px targets. */
export function Segmented<V extends string | number>({
  label,
  value,
  options,
  onChange,
  disabled,
  className = '',
}: {
  label: string;
  value: V;
  options: { value: V; label: string; className?: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={`flex gap-4 rounded-xl bg-night/70 p-4 ${className}`}
    >
      {options.map((o) => {
        const on = o.value === value;
        return (
          <button
            key={String(o.value)}
            type="button"
            role="radio"
            aria-checked={on}
            disabled={disabled}
            onClick={() => onChange(o.value)}
            className={`min-h-44 flex-1 rounded-lg px-8 text-sm font-semibold transition-colors disabled:opacity-45 ${
              on ? 'bg-raised text-text shadow' : 'text-muted hover:text-text'
            } ${o.className ?? ''}`}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}

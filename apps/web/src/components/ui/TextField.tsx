import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown after the label, e.g. "(opcional)". */
  hint?: string;
  trailing?: ReactNode;
  below?: ReactNode;
}

/** A labelled input on the dark theme; the label is the accessible name. */
export function TextField({ label, hint, trailing, below, className = '', id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={inputId} className="mb-4 block text-sm text-muted">
        {label}
        {hint ? <span className="ml-4 text-xs opacity-75">({hint})</span> : null}
      </label>
      <div className="flex min-h-46 items-center rounded-xl border border-line bg-deep/80 focus-within:border-gold/70">
        <input
          id={inputId}
          className="min-h-44 w-full min-w-0 flex-1 bg-transparent px-12 text-base text-text outline-none placeholder:text-muted/60"
          {...rest}
        />
        {trailing}
      </div>
      {below}
    </div>
  );
}

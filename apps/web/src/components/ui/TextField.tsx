import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown after the label, e.g. "(opcional)". */
  hint?: string;
  trailing?: ReactNode;
  below?: ReactNode;
  /** The server's (or the form's) message about this field, shown under it and tied to the input. */
  error?: string;
}

/** A labelled input on the dark theme; the label is the accessible name. */
export function TextField({
  label,
  hint,
  trailing,
  below,
  error,
  className = '',
  id,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={inputId} className="mb-4 block text-sm text-muted">
        {label}
        {hint ? <span className="ml-4 text-xs opacity-75">({hint})</span> : null}
      </label>
      <div
        className={`flex min-h-46 items-center rounded-xl border bg-deep/80 focus-within:border-gold/70 ${error ? 'border-rose' : 'border-line'}`}
      >
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
          className="min-h-44 w-full min-w-0 flex-1 bg-transparent px-12 text-base text-text outline-none placeholder:text-muted/60"
          {...rest}
        />
        {trailing}
      </div>
      {below}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's message, read out when it appears. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-4 text-sm text-rose">
      {message}
    </p>
  );
}

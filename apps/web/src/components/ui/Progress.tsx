/** A labelled progress bar (0 to 1), with its figures on the right. */
export function Progress({
  label,
  value,
  text,
  testId,
}: {
  label: string;
  value: number;
  text: string;
  testId: string;
}) {
  const pct = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-between gap-8 text-xs text-muted">
        <span className="min-w-0">{label}</span>
        <span className="shrink-0 whitespace-nowrap" data-testid={`${testId}-text`}>
          {text}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        data-testid={testId}
        className="h-8 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-gold" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

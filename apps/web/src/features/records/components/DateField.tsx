import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/ui/TextField';
import { languageEntry, useAppState } from '../../../lib/app-state';

const className =
  'min-h-44 w-full min-w-0 rounded-xl border border-line bg-deep/80 px-10 text-sm text-transparent';

/**
 * A day filter that reads in the player's chosen language. The browser writes a native date field in its own
 * locale (mm/dd/yyyy on an English phone under a Portuguese page), so that text is hidden and the day is shown
 * formatted for the chosen language; the native field stays underneath for the picker and assistive tech.
 */
export function DateField({
  label,
  value,
  min,
  max,
  error,
  onChange,
}: {
  label: string;
  /** yyyy-mm-dd, or undefined when not set. */
  value: string | undefined;
  min?: string;
  max?: string;
  /** What is wrong with the day chosen, said under it. */
  error?: string;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation('records');
  const id = useId();
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const format = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  // The pattern comes from the locale's own order of parts: dd/mm/aaaa in pt-BR, mm/dd/yyyy in en-US.
  const shown = value
    ? format.format(new Date(`${value}T00:00:00Z`))
    : format
        .formatToParts(0)
        .map((p) =>
          p.type === 'day' || p.type === 'month' || p.type === 'year' ? t(`dateParts.${p.type}`) : p.value,
        )
        .join('');
  return (
    <div className="text-xs text-muted">
      <label htmlFor={id}>{label}</label>
      <span className="relative block">
        <input
          id={id}
          type="date"
          lang={locale}
          className={className}
          value={value ?? ''}
          min={min}
          max={max}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value || undefined)}
          onClick={(e) => {
            // Desktop browsers open the picker only from the icon; the whole field opens it, as on a phone.
            try {
              e.currentTarget.showPicker();
            } catch {
              // Not supported, or the field is disabled: typing still works.
            }
          }}
        />
        <span
          aria-hidden="true"
          data-testid="date-shown"
          className={`pointer-events-none absolute inset-y-0 left-10 flex items-center text-sm ${value ? 'text-text' : 'text-muted'}`}
        >
          {shown}
        </span>
      </span>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

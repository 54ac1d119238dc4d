import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/TextField';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { readStake } from '../logic/stake';

const chip =
  'min-h-44 min-w-44 shrink-0 border-l border-line px-8 text-sm font-semibold text-muted hover:text-text disabled:opacity-45';

/** The stake in major units as typed, with ½ and 2× (which write it the way the player's language does: 0,5). */
export function StakeField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('rounds');
  const lang = useAppState((s) => s.lang);
  const locale = languageEntry(lang).locale;
  // Centavos, read the player's way ("1.000" is a thousand reais in Portuguese).
  const amount = readStake(value, lang) ?? 0;
  const written = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
  const set = (minor: number) => onChange(written.format(Math.max(10, Math.round(minor)) / 100));
  return (
    <TextField
      label={t('amount')}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={error}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      trailing={
        <span className="flex self-stretch">
          <button
            type="button"
            className={chip}
            aria-label={t('half')}
            onClick={() => set(amount / 2)}
            disabled={disabled}
          >
            ½
          </button>
          <button
            type="button"
            className={`${chip} rounded-r-xl`}
            aria-label={t('double')}
            onClick={() => set(amount * 2)}
            disabled={disabled}
          >
            2×
          </button>
        </span>
      }
    />
  );
}

import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/TextField';
import { useAppState } from '../../../lib/app-state';
import { readStake, stakeText } from '../logic/stake';

const chip =
  'min-h-44 min-w-44 shrink-0 border-l border-line px-8 text-sm font-semibold text-muted hover:text-text disabled:opacity-45';

/** The stake in major units as typed, with ½ and 2× (which write it the way the player's language does: 0,50). */
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
  // Centavos, read the player's way ("1.000" is a thousand reais in Portuguese).
  const amount = readStake(value, lang) ?? 0;
  const set = (minor: number) => onChange(stakeText(Math.max(10, Math.round(minor)), lang));
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
      // Leaving the field writes an amount the player's way: "1.5" becomes "1,50".
      onBlur={() => {
        const typed = readStake(value, lang);
        if (typed !== null) onChange(stakeText(typed, lang));
      }}
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

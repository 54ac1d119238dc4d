import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/TextField';
import type { Stake } from '../hooks/useStake';

const chip =
  'min-h-44 min-w-44 shrink-0 border-l border-line px-6 text-sm font-semibold text-muted hover:text-text disabled:opacity-45';

/** The stake: typed in the player's currency, with ½, 2×, the minimum and the most the player can stake. */
export function AmountField({
  stake,
  error,
  disabled,
  onEdit,
}: {
  stake: Stake;
  error?: string;
  disabled?: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation('originals');
  const press = (action: () => void) => () => {
    action();
    onEdit();
  };
  return (
    <TextField
      label={t('bet.amount')}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      value={stake.text}
      error={error}
      disabled={disabled}
      onChange={(e) => {
        stake.setText(e.target.value);
        onEdit();
      }}
      onBlur={stake.tidy}
      trailing={
        <span className="flex self-stretch">
          {[
            { text: '½', label: t('bet.halfLabel'), action: stake.half },
            { text: '2×', label: t('bet.doubleLabel'), action: stake.double },
            { text: t('bet.min'), label: undefined, action: stake.toMin },
            { text: t('bet.max'), label: undefined, action: stake.toMax },
          ].map((b, i) => (
            <button
              key={b.text}
              type="button"
              className={`${chip} ${i === 3 ? 'rounded-r-xl' : ''}`}
              onClick={press(b.action)}
              disabled={disabled}
              aria-label={b.label}
            >
              {b.text}
            </button>
          ))}
        </span>
      }
    />
  );
}

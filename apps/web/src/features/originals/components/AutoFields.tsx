import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/TextField';
import type { AutoSettings } from '../logic/auto-bet';
import { amountText } from '../../../lib/format';
import { hasSubMinor, parseAmount } from '../logic/amount';
import type { Stake } from '../hooks/useStake';
import { Segmented } from './Segmented';

/**
 * The texts of the auto-bet fields, kept as typed (nothing stripped: "-20" is not 20, "abc" not an empty count);
 * `toSettings` reads them and names the field it cannot.
 */
export interface AutoTexts {
  count: string;
  stopOnProfit: string;
  stopOnLoss: string;
  onWin: 'reset' | 'increase';
  onWinPercent: string;
  onLoss: 'reset' | 'increase';
  onLossPercent: string;
}

export const DEFAULT_AUTO_TEXTS: AutoTexts = {
  count: '10',
  stopOnProfit: '',
  stopOnLoss: '',
  onWin: 'reset',
  onWinPercent: '0',
  onLoss: 'reset',
  onLossPercent: '0',
};

const int = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The settings, or the field that cannot be read (`decimals`: an amount with more than the currency's). */
export function toSettings(
  texts: AutoTexts,
  stake: Pick<Stake, 'currency' | 'locale'>,
): { settings: AutoSettings } | { field: keyof AutoTexts; decimals?: true } {
  const money = (text: string) => (text.trim() ? parseAmount(text, stake.currency, stake.locale) : 0);
  const refuse = (field: 'stopOnProfit' | 'stopOnLoss') =>
    hasSubMinor(texts[field], stake.currency, stake.locale) ? { field, decimals: true as const } : { field };
  const count = int(texts.count || '0');
  if (!Number.isFinite(count)) return { field: 'count' };
  // A negative stop ("-20") would silently mean no stop at all: refused beside its field, as a letter is.
  const stopOnProfit = money(texts.stopOnProfit);
  if (!(stopOnProfit >= 0)) return refuse('stopOnProfit');
  const stopOnLoss = money(texts.stopOnLoss);
  if (!(stopOnLoss >= 0)) return refuse('stopOnLoss');
  const winPercent = texts.onWin === 'increase' ? int(texts.onWinPercent || '0') : 0;
  if (!Number.isFinite(winPercent) || winPercent > 1000) return { field: 'onWinPercent' };
  const lossPercent = texts.onLoss === 'increase' ? int(texts.onLossPercent || '0') : 0;
  if (!Number.isFinite(lossPercent) || lossPercent > 1000) return { field: 'onLossPercent' };
  return {
    settings: {
      count,
      stopOnProfit,
      stopOnLoss,
      onWin: { mode: texts.onWin, percent: winPercent },
      onLoss: { mode: texts.onLoss, percent: lossPercent },
    },
  };
}

/** Number of bets, stop on profit and on loss, and what a win or a loss does to the next amount. */
export function AutoFields({
  texts,
  onChange,
  error,
  disabled,
  stake,
}: {
  texts: AutoTexts;
  onChange: (texts: AutoTexts) => void;
  error?: { field: keyof AutoTexts; message: string } | null;
  disabled?: boolean;
  stake: Pick<Stake, 'currency' | 'locale'>;
}) {
  const { t } = useTranslation('originals');
  const set = (patch: Partial<AutoTexts>) => onChange({ ...texts, ...patch });
  const err = (field: keyof AutoTexts) => (error?.field === field ? error.message : undefined);
  const placeholder = amountText(0, stake.currency, stake.locale);
  const rule = (which: 'onWin' | 'onLoss') => {
    const percentKey = which === 'onWin' ? 'onWinPercent' : 'onLossPercent';
    return (
      <div className="flex flex-col gap-4">
        <span className="text-sm text-muted">{t(`auto.${which}`)}</span>
        <div className="flex items-start gap-6">
          <Segmented
            className="flex-1"
            label={t(`auto.${which}`)}
            value={texts[which]}
            disabled={disabled}
            onChange={(v) => set({ [which]: v })}
            options={[
              { value: 'reset', label: t('auto.reset') },
              { value: 'increase', label: t('auto.increase') },
            ]}
          />
          <TextField
            className="w-96"
            label={t('auto.percent')}
            name={percentKey}
            inputMode="numeric"
            value={texts[percentKey]}
            disabled={disabled || texts[which] === 'reset'}
            error={err(percentKey)}
            onChange={(e) => set({ [percentKey]: e.target.value })}
            trailing={<span className="pr-10 text-sm text-muted">%</span>}
          />
        </div>
      </div>
    );
  };
  return (
    <fieldset className="flex flex-col gap-10" disabled={disabled}>
      <legend className="sr-only">{t('auto.title')}</legend>
      <TextField
        label={t('auto.count')}
        hint={t('auto.countHint')}
        name="count"
        inputMode="numeric"
        value={texts.count}
        error={err('count')}
        onChange={(e) => set({ count: e.target.value })}
      />
      <div className="grid grid-cols-2 gap-8">
        <TextField
          label={t('auto.stopOnProfit')}
          name="stopOnProfit"
          inputMode="decimal"
          placeholder={placeholder}
          value={texts.stopOnProfit}
          error={err('stopOnProfit')}
          onChange={(e) => set({ stopOnProfit: e.target.value })}
        />
        <TextField
          label={t('auto.stopOnLoss')}
          name="stopOnLoss"
          inputMode="decimal"
          placeholder={placeholder}
          value={texts.stopOnLoss}
          error={err('stopOnLoss')}
          onChange={(e) => set({ stopOnLoss: e.target.value })}
        />
      </div>
      {rule('onWin')}
      {rule('onLoss')}
    </fieldset>
  );
}

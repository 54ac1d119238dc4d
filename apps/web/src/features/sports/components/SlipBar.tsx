import { useTranslation } from 'react-i18next';
import { formatPrice } from '../logic/markets';
import { useLocale } from './SportsShell';

/** The bar over the bottom navigation (slip, builder): how many legs, a name, the price when there is one. */
export function SlipBar({
  count,
  label,
  price,
  onClick,
  testId,
}: {
  count: number;
  label: string;
  price: number | null;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation('sports');
  const locale = useLocale();
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="btn-gold fixed inset-x-12 bottom-68 z-20 mx-auto flex min-h-48 max-w-369 items-center justify-between rounded-xl px-14 font-bold shadow-lg"
    >
      <span className="flex items-center gap-8">
        <span className="flex size-24 items-center justify-center rounded-full bg-night/80 text-xs text-gold">
          {count}
        </span>
        {label}
      </span>
      {price !== null ? <span>{t('slip.totalOdds', { price: formatPrice(price, locale) })}</span> : null}
    </button>
  );
}

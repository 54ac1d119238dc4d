import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { readStake } from '../logic/stake';

/**
 * The bet's return to player and what it pays, by the bet button (Portaria SPA/MF 1.207/2024: the payout shown
 * before the bet). `payout` is a multiple of the stake (null: crash, which pays the cash-out); `upTo` when some
 * results pay less (lucky colour's violet digits). Figures from `@aposta/fairness`, the rules the server pays by.
 */
export function OddsLine({
  rtp,
  payout,
  stake,
  upTo = false,
}: {
  rtp: number;
  payout: number | null;
  /** The stake as typed (major units). */
  stake: string;
  upTo?: boolean;
}) {
  const { t } = useTranslation('rounds');
  const lang = useAppState((s) => s.lang);
  const locale = languageEntry(lang).locale;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rtp);
  let text = t('oddsCashout', { rtp: percent });
  if (payout !== null) {
    const cents = readStake(stake, lang) ?? 0;
    // Integer centavos × ten-thousandths, rounded down, as the server pays.
    const paid = Math.floor((cents * Math.round(payout * 10_000)) / 10_000);
    text = t(upTo ? 'oddsUpTo' : 'odds', {
      rtp: percent,
      times: `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(payout)}×`,
      amount: displayMoney(paid / 100, lang),
    });
  }
  return (
    <p className="text-center text-xs text-muted" data-testid="odds-line">
      {text}
    </p>
  );
}

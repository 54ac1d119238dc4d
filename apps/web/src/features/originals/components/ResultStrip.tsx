import type { OriginalBet } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state';
import { languageEntry } from '../../../lib/app-state';
import { resultText } from './result-text';
import { tileClass } from './row-double-tiles';

/** The last results, newest first: green when the bet paid more than its stake. */
export function ResultStrip({ bets }: { bets: OriginalBet[] }) {
  const { t } = useTranslation('originals');
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const done = bets.filter((b) => b.state !== 'open').slice(0, 12);
  return (
    <div
      className="flex min-h-32 items-center gap-6 overflow-x-auto"
      aria-label={t('bet.history')}
      role="list"
    >
      {done.length === 0 ? <span className="text-xs text-muted">{t('bet.noHistory')}</span> : null}
      {done.map((b, i) => (
        <span
          key={b.betId}
          role="listitem"
          data-testid="history-item"
          className={`shrink-0 rounded-full px-10 py-3 text-xs font-bold tabular-nums ${
            'tile' in b.outcome
              ? `${tileClass(b.outcome.tile)} min-w-28 text-center`
              : b.payout > b.amount
                ? 'bg-mint/20 text-mint'
                : 'bg-raised text-muted'
          } ${i === 0 ? 'ring-1 ring-gold/60' : ''}`}
        >
          {resultText(b, locale)}
        </span>
      ))}
    </div>
  );
}

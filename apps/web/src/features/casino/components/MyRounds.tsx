import type { CasinoRound } from '@aposta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state';
import { displayMoney, displayStamp } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useMyRounds } from '../api/rounds';

const stateClass: Record<CasinoRound['state'], string> = {
  open: 'text-gold',
  settled: 'text-muted',
  rolledBack: 'text-rose',
};

/**
 * My last casino rounds (the recall as our wallet saw them): the game, the stake, the win, and on opening
 * every wallet call with the balance before and after. Only for a signed-in player.
 */
export function MyRounds() {
  const { t } = useTranslation('casino');
  const token = useSession((s) => s.token);
  const lang = useAppState((s) => s.lang);
  const money = (n: number) => displayMoney(n, lang);
  const rounds = useMyRounds(token);
  const [open, setOpen] = useState<string | null>(null);
  if (!token) return null;
  // A round that moved since its page was read (a late win) comes again on top: it is kept once.
  const list = [...new Map((rounds.data?.pages.flat() ?? []).map((r) => [r.roundId, r])).values()];
  return (
    <section aria-labelledby="casino-rounds" className="flex flex-col gap-8">
      <h2 id="casino-rounds" className="text-base font-bold">
        {t('myRounds')}
      </h2>
      {rounds.isPending ? null : rounds.isError && !rounds.data ? (
        <p role="alert" className="rounded-xl border border-line bg-panel p-16 text-center text-sm text-rose">
          {t('roundsFailed')}
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-line bg-panel p-16 text-center text-sm text-muted">
          {t('noRounds')}
        </p>
      ) : (
        <ul className="flex flex-col gap-6">
          {list.map((r) => (
            <li
              key={r.roundId}
              className="rounded-xl border border-line bg-panel px-12 py-8"
              data-testid="casino-round"
            >
              <button
                type="button"
                onClick={() => setOpen(open === r.roundId ? null : r.roundId)}
                aria-expanded={open === r.roundId}
                className="flex min-h-44 w-full items-center gap-8 text-left"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{r.gameName}</span>
                  <span className="block text-2xs text-muted">
                    {displayStamp(r.startedAt, lang)} ·{' '}
                    <span className={stateClass[r.state]}>{t(`roundStates.${r.state}`)}</span>
                  </span>
                </span>
                <span className="text-right text-xs">
                  <span className="block text-muted">
                    {t('stake')} {money(r.stake)}
                  </span>
                  <span className={`block font-bold ${r.win > 0 ? 'text-mint' : 'text-text'}`}>
                    {t('won')} {money(r.win)}
                  </span>
                </span>
              </button>
              {open === r.roundId ? (
                <ol
                  className="mt-6 flex flex-col gap-4 border-t border-line pt-8"
                  data-testid="casino-round-steps"
                >
                  {r.steps.map((s) => (
                    <li key={s.transactionUuid} className="flex items-center justify-between gap-8 text-xs">
                      <span className={s.status === 'rolledBack' ? 'line-through' : ''}>
                        {t(`calls.${s.call}`)} {money(s.amount)}
                      </span>
                      <span className="text-muted">
                        {money(s.balanceBefore)} → {money(s.balanceAfter)}
                      </span>
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {rounds.hasNextPage ? (
        <button
          type="button"
          onClick={() => void rounds.fetchNextPage()}
          disabled={rounds.isFetchingNextPage}
          className="flex min-h-44 w-full items-center justify-center rounded-xl border border-line bg-panel text-sm font-semibold disabled:opacity-50"
        >
          {t('olderRounds')}
        </button>
      ) : null}
      {rounds.isFetchNextPageError ? (
        <p role="alert" className="text-center text-xs text-rose">
          {t('roundsFailed')}
        </p>
      ) : null}
    </section>
  );
}

import type { RoundChain, RoundGame, RoundHistoryItem } from '@aposta/contracts';
import type { RoundGameKind } from '@aposta/fairness';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchChain } from '../api/rounds';
import { checkRounds, roundOk, type CheckedRound } from '../logic/verify';

type Outcome = { rounds: CheckedRound[]; chains: RoundChain[] } | 'failed';

/**
 * The shared rounds' verifier, in the player's browser: fetches the published chains of the rounds shown and
 * recomputes each result from its hash and the salt, and each hash's link to the round before it — the same
 * `@aposta/fairness` code the server draws with, so nothing has to be taken on trust.
 */
export function RoundsVerifier({
  game,
  kind,
  history,
  format,
}: {
  game: RoundGame;
  kind: RoundGameKind;
  history: RoundHistoryItem[];
  /** A result as the game shows it (crash: hundredths). */
  format: (result: number) => string;
}) {
  const { t } = useTranslation('rounds');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify() {
    setBusy(true);
    try {
      const ids = [...new Set(history.map((h) => h.chainId))];
      const chains = await Promise.all(ids.map((id) => fetchChain(game, id)));
      const rounds = checkRounds(kind, history, new Map(chains.map((c) => [c.chainId, c])));
      setOutcome({ rounds, chains });
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  }

  const good = outcome && outcome !== 'failed' ? outcome.rounds.filter(roundOk).length : 0;
  return (
    <section aria-labelledby="rounds-verifier" className="rounded-xl border border-line bg-deep/60 p-10">
      <div className="flex items-center justify-between gap-8">
        <h2 id="rounds-verifier" className="text-sm font-bold">
          {t('verifier.title')}
        </h2>
        <button
          type="button"
          onClick={() => void verify()}
          disabled={busy || history.length === 0}
          className="min-h-36 rounded-lg border border-gold/50 px-12 text-xs font-bold text-gold disabled:opacity-50"
          data-testid="verify-rounds"
        >
          {busy ? t('verifier.busy') : t('verify')}
        </button>
      </div>
      <p className="mt-4 text-xs text-muted">{t('verifier.intro')}</p>
      {outcome === 'failed' ? (
        <p className="mt-6 text-xs text-rose" role="alert">
          {t('verifier.failed')}
        </p>
      ) : outcome ? (
        <>
          <p
            className={`mt-8 text-sm font-bold ${good === outcome.rounds.length ? 'text-mint' : 'text-rose'}`}
            data-testid="verify-summary"
            role="status"
          >
            {t('verifier.summary', { good, count: outcome.rounds.length })}
          </p>
          {outcome.chains.map((c) => (
            <dl key={c.chainId} className="mt-6 break-all text-[11px] text-muted">
              <dt className="font-semibold text-text">{t('chain', { hash: c.commitment })}</dt>
              <dd>{c.salt ? t('verifier.salt', { salt: c.salt }) : t('verifier.noSalt')}</dd>
            </dl>
          ))}
          <ol className="mt-8 flex max-h-240 flex-col gap-2 overflow-y-auto text-[11px]">
            {outcome.rounds.map((r) => (
              <li
                key={r.roundId}
                className="grid grid-cols-[auto_1fr_auto] items-center gap-8 border-t border-line/50 py-3"
                data-testid="verified-round"
                data-ok={roundOk(r)}
              >
                <span className={roundOk(r) ? 'text-mint' : 'text-rose'} aria-hidden="true">
                  {roundOk(r) ? '✓' : '✗'}
                </span>
                <span className="truncate font-mono text-muted" title={r.hash}>
                  {t('round', { id: r.roundId })} · {r.hash.slice(0, 16)}…
                </span>
                <span>
                  {r.computed === null
                    ? t('verifier.noSalt')
                    : r.computed === r.shown
                      ? format(r.shown)
                      : t('verifier.mismatch', { shown: format(r.shown), computed: format(r.computed) })}
                  {r.linked === false ? ` · ${t('verifier.broken')}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

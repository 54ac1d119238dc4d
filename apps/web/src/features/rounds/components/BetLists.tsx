import type { RoundBet, RoundGame, RoundPublicBet } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useMyRoundBets } from '../api/rounds';

/** The round's bets as everyone sees them (masked players), newest first. */
export function RoundBets({
  bets,
  count,
  pickLabel,
}: {
  bets: RoundPublicBet[];
  count: number;
  pickLabel: (b: RoundPublicBet) => string;
}) {
  const { t } = useTranslation('rounds');
  const lang = useAppState((s) => s.lang);
  return (
    <section aria-labelledby="round-bets" className="rounded-xl border border-line bg-deep/60 p-10">
      <h2 id="round-bets" className="mb-6 text-sm font-bold">
        {t('roundBets', { count })}
      </h2>
      {bets.length === 0 ? (
        <p className="text-xs text-muted">{t('noBets')}</p>
      ) : (
        <ul className="flex max-h-220 flex-col gap-4 overflow-y-auto text-xs" data-testid="round-bets">
          {bets.map((b, i) => (
            <li key={`${b.player}-${i}`} className="flex justify-between gap-8" data-testid="round-bet">
              <span className="text-muted">{b.player}</span>
              <span>{pickLabel(b)}</span>
              <span className={b.payout > 0 ? 'font-bold text-mint' : ''}>
                {displayMoney(b.payout > 0 ? b.payout : b.amount, lang)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** My last bets in this game, with their state and payout. */
export function MyRoundBets({ game, pickLabel }: { game: RoundGame; pickLabel: (b: RoundBet) => string }) {
  const { t } = useTranslation('rounds');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token);
  const bets = useMyRoundBets(token, game).data ?? [];
  if (!token) return null;
  return (
    <section aria-labelledby="my-bets" className="rounded-xl border border-line bg-deep/60 p-10">
      <h2 id="my-bets" className="mb-6 text-sm font-bold">
        {t('myBets')}
      </h2>
      {bets.length === 0 ? (
        <p className="text-xs text-muted">{t('noMyBets')}</p>
      ) : (
        <ul className="flex flex-col gap-4 text-xs">
          {bets.map((b) => (
            <li
              key={b.betId}
              className="flex justify-between gap-8"
              data-testid="my-round-bet"
              data-state={b.state}
            >
              {/* Lucky colour names its rounds by period, as its results list does. */}
              <span className="text-muted">
                {b.period ? t('lucky.period', { number: b.period }) : t('round', { id: b.roundId })}
              </span>
              <span>{pickLabel(b)}</span>
              <span>{displayMoney(b.amount, lang)}</span>
              <span
                className={
                  b.state === 'won' ? 'font-bold text-mint' : b.state === 'lost' ? 'text-rose' : 'text-muted'
                }
              >
                {b.state === 'won' ? displayMoney(b.payout, lang) : t(`states.${b.state}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * My bets in the round now taking bets, said under the bet button ("Aposta feita: Vermelho R$ 1,00"): the button
 * stays as it was (more bets may follow), so without it a bet taken showed only in the balance and below the fold.
 */
export function PlacedInRound({
  game,
  roundId,
  pickLabel,
}: {
  game: RoundGame;
  roundId: string | undefined;
  pickLabel: (b: RoundBet) => string;
}) {
  const { t } = useTranslation('rounds');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token);
  const bets = (useMyRoundBets(token, game).data ?? []).filter((b) => b.roundId === roundId);
  if (!bets.length) return null;
  const list = bets
    .slice()
    .reverse()
    .map((b) => `${pickLabel(b)} ${displayMoney(b.amount, lang)}`)
    .join(' · ');
  return (
    <p role="status" className="text-center text-sm font-semibold text-mint" data-testid="placed-in-round">
      {t('placed', { amount: list })}
    </p>
  );
}

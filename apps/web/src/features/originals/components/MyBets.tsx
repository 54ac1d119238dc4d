import type { OriginalBet, OriginalGameName } from '@aposta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Sheet } from '../../../components/ui/Sheet';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useBet } from '../api/get-bet';
import { useMyBets } from '../api/get-bets';
import { betVerifyHref } from '../logic/links';
import { multiplierOf } from '../logic/format';
import { resultText } from './result-text';

function timeOf(iso: string, locale: string) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(d);
}

/**
 * The player's last bets of this game; a row opens the bet's details. Bets still `falling` (their animation
 * runs) wait, as in the last results.
 */
export function MyBets({ game, falling = [] }: { game: OriginalGameName; falling?: string[] }) {
  const { t } = useTranslation('originals');
  const token = useSession((s) => s.token);
  const lang = useAppState((s) => s.lang);
  const locale = languageEntry(lang).locale;
  const bets = useMyBets(token, game);
  const [open, setOpen] = useState<OriginalBet | null>(null);
  if (!token) return null;
  const all = bets.data ?? [];
  const list = falling.length ? all.filter((b) => !falling.includes(b.betId)) : all;
  return (
    <section className="flex flex-col gap-8" aria-labelledby="my-bets-title">
      <h2 id="my-bets-title" className="text-base font-bold">
        {t('myBets.title')}
      </h2>
      {list.length === 0 ? (
        <p className="text-sm text-muted">{bets.isError ? t('errors.load') : t('myBets.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-panel">
          {list.map((b) => (
            <li key={b.betId}>
              <button
                type="button"
                data-testid="my-bet"
                onClick={() => setOpen(b)}
                className="grid min-h-48 w-full grid-cols-[1fr_auto_auto] items-center gap-10 px-12 text-left text-sm hover:bg-raised/50"
              >
                <span className="flex flex-col">
                  <span className="font-semibold">{displayMoney(b.amount, lang)}</span>
                  <span className="text-xs text-muted">{timeOf(b.time, locale)}</span>
                </span>
                <span className="tabular-nums text-muted">
                  {/* Row double's roll alone would not say what was bet on. */}
                  {b.params.game === 'rowDouble' && 'tile' in b.outcome
                    ? t('myBets.rowPick', { color: t(`rowDouble.${b.params.color}`), tile: b.outcome.tile })
                    : resultText(b, locale)}
                </span>
                {/* Green is for a profit: a return under the stake (plinko's 0,3×) is still a loss. */}
                <span
                  data-testid="my-bet-payout"
                  className={`min-w-80 text-right font-bold tabular-nums ${b.payout > b.amount ? 'text-mint' : 'text-muted'}`}
                >
                  {b.state === 'open' ? t('myBets.open') : displayMoney(b.payout, lang)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? <BetDetails bet={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

/** One bet in full: what was chosen, what came out, what it paid, and the seeds to check it with. */
export function BetDetails({ bet: initial, onClose }: { bet: OriginalBet; onClose: () => void }) {
  const { t } = useTranslation('originals');
  const lang = useAppState((s) => s.lang);
  const locale = languageEntry(lang).locale;
  const bet = useBet(initial.betId, initial).data ?? initial;
  const href = betVerifyHref(bet);
  const rows: [string, string, string?][] = [
    [t('myBets.game'), t(`games.${bet.game}`)],
    [t('myBets.time'), timeOf(bet.time, locale)],
    [t('myBets.amount'), displayMoney(bet.amount, lang)],
    [t('myBets.choice'), paramsText(bet, t, locale)],
    [t('myBets.outcome'), outcomeText(bet, t, locale), 'bet-outcome'],
    [t('myBets.multiplier'), multiplierOf(bet.multiplier, locale)],
    [t('myBets.payout'), displayMoney(bet.payout, lang), 'bet-payout'],
    [t('fairness.clientSeed'), bet.clientSeed],
    [t('fairness.nonce'), String(bet.nonce), 'bet-nonce'],
    [t('fairness.serverSeedHash'), bet.serverSeedHash],
    [t('fairness.serverSeed'), bet.serverSeed ?? t('myBets.seedHidden')],
  ];
  return (
    <Sheet title={t('myBets.details')} onClose={onClose}>
      <div className="flex flex-col gap-12 p-16">
        <dl className="flex flex-col gap-8 text-sm">
          {rows.map(([label, value, testId]) => (
            <div
              key={label}
              className={
                value.length > 28 ? 'flex flex-col gap-2' : 'flex items-baseline justify-between gap-12'
              }
            >
              <dt className="shrink-0 text-muted">{label}</dt>
              <dd className="break-all font-mono text-xs text-text" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {href ? (
          <Link
            to={href}
            onClick={onClose}
            className="btn-gold inline-flex min-h-44 items-center justify-center rounded-xl font-bold"
            data-testid="verify-link"
          >
            {t('myBets.verify')}
          </Link>
        ) : (
          <p className="text-xs text-muted">{t('myBets.verifyAfterRotate')}</p>
        )}
      </div>
    </Sheet>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function paramsText(bet: OriginalBet, t: T, locale: string): string {
  const p = bet.params;
  const n = (v: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(v);
  switch (p.game) {
    case 'dice':
      return `${t(p.condition === 'over' ? 'dice.over' : 'dice.under')} ${n(p.target)}`;
    case 'limbo':
      return multiplierOf(p.target, locale);
    case 'mines':
      return t('mines.count', { n: p.mines });
    case 'plinko':
      return `${t('plinko.rowsValue', { rows: p.rows })} · ${t(`plinko.${p.risk}`)}`;
    case 'rowDouble':
      return t(`rowDouble.${p.color}`);
  }
}

function outcomeText(bet: OriginalBet, t: T, locale: string): string {
  const o = bet.outcome;
  if ('revealed' in o) {
    const tiles = (list: number[]) => list.join(', ');
    // Tiles are numbered 0–24: the count beside the list, or "Casas abertas: 0" (tile 0) reads as none opened.
    const parts = [t('mines.revealedTiles', { n: o.revealed.length, tiles: tiles(o.revealed) || '—' })];
    if (o.mines) parts.push(t('mines.mineTiles', { tiles: tiles(o.mines) }));
    if (o.hit !== undefined) parts.push(t('mines.hitTile', { tile: o.hit }));
    return parts.join(' · ');
  }
  if ('slot' in o) return t('plinko.slotValue', { slot: o.slot });
  if ('tile' in o)
    return `${o.tile} · ${t(`rowDouble.${o.tile === 0 ? 'white' : o.tile <= 7 ? 'red' : 'black'}`)}`;
  return resultText(bet, locale);
}

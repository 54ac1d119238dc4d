import type { StudioGameInfo, StudioRound } from '@aposta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { displayMoney, displayStamp } from '../../../lib/format';
import { queryClient } from '../../../lib/query';
import { verifyHref } from '../../../lib/verify-link';
import { StudioError } from '../api/client';
import { rotateSeeds, roundsKey, useStudioRounds } from '../api/studio';
import { symbolNamer } from '../../../lib/slot-symbols';
import { winCaption } from '../logic/wins';
import { verifyRound } from '../logic/verify';
import { StudioSheet } from './StudioSheet';
import { SymbolArt } from './SymbolArt';

function MiniGrid({ game, grid, won }: { game: StudioGameInfo; grid: string[][]; won: Set<string> }) {
  const { t } = useTranslation('studio');
  const symbolName = symbolNamer(t, game.gameCode, game.symbols);
  const index = new Map(game.symbols.map((s, i) => [s.id, { ...s, i }]));
  return (
    <div
      className="grid w-full max-w-220 gap-2 rounded-lg bg-black/30 p-4"
      style={{ gridTemplateColumns: `repeat(${game.reels}, minmax(0, 1fr))` }}
    >
      {grid.flatMap((row, r) =>
        row.map((id, c) => {
          const s = index.get(id);
          return (
            <span
              key={`${r}-${c}`}
              className={`aspect-square rounded ${won.has(`${r}:${c}`) ? 'bg-gold/35' : ''}`}
            >
              <SymbolArt
                id={id}
                name={s?.name ?? id}
                label={symbolName(id)}
                index={s?.i ?? 0}
                wild={s?.wild}
                scatter={s?.scatter}
              />
            </span>
          );
        }),
      )}
    </div>
  );
}

function Seed({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-2xs text-white/55">{label}</dt>
      <dd className="break-all font-mono text-2xs text-white/90">{value}</dd>
    </div>
  );
}

function RoundDetail({
  game,
  round,
  onRotate,
  rotating,
}: {
  game: StudioGameInfo;
  round: StudioRound;
  onRotate: () => void;
  rotating: boolean;
}) {
  const { t } = useTranslation('studio');
  const lang = useAppState((s) => s.lang);
  const money = (n: number) => displayMoney(n, lang);
  const symbolName = symbolNamer(t, game.gameCode, game.symbols);
  const verdict = verifyRound(round);
  return (
    <div className="mt-8 flex flex-col gap-10 border-t border-white/10 pt-8" data-testid="round-detail">
      <ol className="flex flex-col gap-10">
        {round.steps.map((step, i) => (
          <li key={i} className="flex flex-col gap-6 rounded-lg bg-white/5 p-8" data-testid="round-step">
            <p className="flex justify-between text-xs font-semibold">
              <span>
                {i + 1}. {t(`steps.${step.kind}`)}
                {step.multiplier > 1 ? ` · ×${step.multiplier}` : ''}
                {step.freeSpinsLeft > 0 ? ` · ${t('freeSpinsLeft', { count: step.freeSpinsLeft })}` : ''}
              </span>
              <span className={step.win > 0 ? 'text-mint' : 'text-white/60'}>{money(step.win)}</span>
            </p>
            <MiniGrid
              game={game}
              grid={step.grid}
              won={new Set(step.wins.flatMap((w) => w.cells.map(([r, c]) => `${r}:${c}`)))}
            />
            {step.wins.map((w, k) => (
              <p key={k} className="text-2xs text-white/75">
                {winCaption(t, w, step.multiplier, symbolName, money)}
              </p>
            ))}
            {step.stops.length > 0 ? (
              <p className="font-mono text-2xs text-white/60">
                {t('stops')}: {step.stops.join(' · ')}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <section className="rounded-lg border border-white/10 p-8">
        <h4 className="mb-6 text-xs font-bold">{t('fairness')}</h4>
        <dl className="flex flex-col gap-4">
          <Seed label={t('serverSeedHash')} value={round.serverSeedHash} />
          <Seed label={t('serverSeed')} value={round.serverSeed ?? t('serverSeedHidden')} />
          <Seed label={t('clientSeed')} value={round.clientSeed} />
          <Seed label={t('nonce')} value={String(round.nonce)} />
        </dl>
        <p className="mt-6 text-2xs text-white/60">{t('fairnessText')}</p>
        {verdict === 'hidden' ? (
          <button
            type="button"
            onClick={onRotate}
            disabled={rotating}
            className="mt-6 inline-flex min-h-40 items-center rounded-lg border border-gold/60 px-10 text-xs font-semibold text-gold disabled:opacity-50"
          >
            {t('rotate')}
          </button>
        ) : (
          <>
            <p
              className={`mt-6 text-xs font-bold ${verdict === 'verified' ? 'text-mint' : 'text-rose'}`}
              data-testid="round-verdict"
            >
              {verdict === 'verified' ? t('verified') : t('mismatch')}
            </p>
            {round.serverSeed ? (
              <Link
                to={verifyHref(
                  { ...round, serverSeed: round.serverSeed },
                  { game: round.gameCode, ...(round.rules ? { rules: round.rules } : {}) },
                )}
                // Out of the game's frame: in it, the whole app would open under the game's bar, no way back.
                target="_blank"
                rel="noopener"
                className="mt-6 inline-flex min-h-40 items-center text-xs font-semibold text-gold underline"
              >
                {t('openVerifier')}
              </Link>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

/** The player's last rounds of this game (the recall): each one's steps, balance before and after, seeds. */
export function RoundsSheet({
  session,
  game,
  onClose,
}: {
  session: string;
  game: StudioGameInfo;
  onClose: () => void;
}) {
  const { t } = useTranslation('studio');
  const lang = useAppState((s) => s.lang);
  const money = (n: number) => displayMoney(n, lang);
  const rounds = useStudioRounds(session, true);
  const [open, setOpen] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  const [rotateError, setRotateError] = useState('');
  // Rotating reveals the pair's server seed: every round played with it becomes verifiable here.
  const rotate = async () => {
    setRotating(true);
    setRotateError('');
    try {
      await rotateSeeds(session);
      await queryClient.invalidateQueries({ queryKey: roundsKey(session) });
    } catch (err) {
      setRotateError(err instanceof StudioError && err.message ? err.message : t('rotateFailed'));
    } finally {
      setRotating(false);
    }
  };
  const list = rounds.data?.pages.flat() ?? [];
  return (
    <StudioSheet title={t('history')} onClose={onClose}>
      {rotateError ? <p className="mb-8 text-xs text-rose">{rotateError}</p> : null}
      {rounds.isPending ? (
        <p className="py-24 text-center text-sm text-white/60">{t('roundsLoading')}</p>
      ) : rounds.isError && !rounds.data ? (
        <p className="py-24 text-center text-sm text-rose">{t('roundsFailed')}</p>
      ) : list.length === 0 ? (
        <p className="py-24 text-center text-sm text-white/60">{t('historyEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-8">
          {list.map((round) => (
            <li key={round.roundId} className="rounded-xl bg-white/5 p-10" data-testid="studio-round">
              <button
                type="button"
                onClick={() => setOpen(open === round.roundId ? null : round.roundId)}
                aria-expanded={open === round.roundId}
                className="flex w-full items-center gap-8 text-left"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-xs text-white/60">
                    {displayStamp(round.at, lang)}
                    {round.demo ? ` · ${t('demo')}` : ''}
                  </span>
                  <span className="block text-sm font-semibold">
                    {t('bet')} {money(round.bet)} · {t('win')}{' '}
                    <span className={round.win > 0 ? 'text-mint' : ''}>{money(round.win)}</span>
                  </span>
                  <span className="block text-2xs text-white/60">
                    {t('balanceMove', {
                      before: money(round.balanceBefore),
                      after: money(round.balanceAfter),
                    })}
                  </span>
                </span>
                <span className="text-xs text-gold">{open === round.roundId ? '▲' : '▼'}</span>
              </button>
              {open === round.roundId ? (
                <RoundDetail game={game} round={round} onRotate={() => void rotate()} rotating={rotating} />
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
          className="mt-8 flex min-h-44 w-full items-center justify-center rounded-lg border border-gold/60 text-sm font-semibold text-gold disabled:opacity-50"
        >
          {t('historyMore')}
        </button>
      ) : null}
      {rounds.isFetchNextPageError ? (
        <p className="mt-6 text-center text-xs text-rose">{t('roundsFailed')}</p>
      ) : null}
    </StudioSheet>
  );
}

import type { OriginalGameName } from '@aposta/contracts';
import { DECLARED_RTP } from '@aposta/fairness';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { useSession } from '../../../lib/session';
import { keepWithheld } from '../../../lib/withheld';
import { useOriginalsConfig } from '../api/get-config';
import { useMyBets } from '../api/get-bets';
import { setAnimations, useGameSettings } from '../hooks/settings';
import { percentLabel } from '../logic/format';
import { FairnessPanel } from './FairnessPanel';
import { MyBets } from './MyBets';
import { ResultStrip } from './ResultStrip';

/**
 * A game's screen: title with RTP and house edge (the server's configuration, or the declared figures for a
 * visitor), the last results (but those still `falling`: a result shown there before its animation ends would
 * spoil it, as would their rows in my bets and their payouts in the header's balance, shown once they land),
 * the game's stage, its controls, the fairness panel and my bets.
 */
export function GameShell({
  game,
  stage,
  controls,
  falling = [],
}: {
  game: OriginalGameName;
  stage: ReactNode;
  controls: ReactNode;
  falling?: string[];
}) {
  const { t } = useTranslation('originals');
  const token = useSession((s) => s.token);
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const config = useOriginalsConfig().data?.games[game];
  const rtp = config?.rtp ?? DECLARED_RTP[game];
  const edge = config?.houseEdge ?? 1 - rtp;
  const bets = useMyBets(token, game).data ?? [];
  const animations = useGameSettings((s) => s.animations);
  const fallingIds = falling.join(' ');
  useEffect(() => keepWithheld(fallingIds ? fallingIds.split(' ') : []), [fallingIds]);
  useEffect(() => () => keepWithheld([]), []);
  return (
    <section className="flex flex-col gap-12 px-12 pb-24 pt-12" aria-labelledby="game-title">
      {/* The RTP line has the page's width: beside the switches it wrapped and left its "·" at a line's end. */}
      <header className="grid grid-cols-[1fr_auto] items-center gap-x-8">
        <h1 id="game-title" className="text-xl font-extrabold">
          {t(`games.${game}`)}
        </h1>
        <div className="flex items-center gap-4">
          <button
            type="button"
            role="switch"
            aria-checked={animations}
            onClick={() => setAnimations(!animations)}
            className="flex min-h-44 items-center gap-6 rounded-xl px-8 text-xs text-muted hover:text-text"
          >
            <span
              aria-hidden="true"
              className={`relative h-18 w-32 rounded-full transition-colors ${animations ? 'bg-mint/70' : 'bg-raised'}`}
            >
              <span
                className={`absolute top-2 size-14 rounded-full bg-white transition-all ${animations ? 'left-16' : 'left-2'}`}
              />
            </span>
            {t('bet.animations')}
          </button>
          <Link
            to={`/fairness?game=${game}`}
            className="flex min-h-44 items-center rounded-xl px-8 text-xs font-semibold text-gold"
          >
            {t('fairness.verifier')}
          </Link>
        </div>
        <p className="col-span-2 text-xs text-muted" data-testid="rtp">
          {t('bet.rtp', { rtp: percentLabel(rtp, locale), edge: percentLabel(edge, locale) })}
        </p>
      </header>
      <ResultStrip bets={falling.length ? bets.filter((b) => !falling.includes(b.betId)) : bets} />
      <div className="relative overflow-hidden rounded-2xl border border-line bg-gradient-to-b from-raised/60 to-night p-12">
        {stage}
      </div>
      {controls}
      <FairnessPanel game={game} />
      <MyBets game={game} falling={falling} />
    </section>
  );
}

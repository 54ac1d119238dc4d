import type { CasinoGame } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { GameArtwork } from '../../../components/ui/GameTile';
import { Sheet } from '../../../components/ui/Sheet';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { playLink, rtpLabel } from '../logic/play-link';

/** A game chosen in the lobby: its figures, and the ways in (real money needs a session; demo when offered). */
export function GameSheet({ game, onClose }: { game: CasinoGame; onClose: () => void }) {
  const { t } = useTranslation('casino');
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const play = (demo: boolean) => {
    onClose();
    if (!demo && !token) openOverlay('login');
    else void navigate(playLink(game.gameCode, demo));
  };
  return (
    <Sheet title={game.name} onClose={onClose}>
      <div className="p-16">
        <div className="flex gap-14">
          <span className="relative block aspect-[4/5] w-110 shrink-0 overflow-hidden rounded-xl border border-line">
            <GameArtwork name={game.name} thumbnail={game.thumbnail} />
          </span>
          <dl className="grid flex-1 grid-cols-1 content-start gap-8 text-sm">
            <div>
              <dt className="text-xs text-muted">{t('provider')}</dt>
              <dd className="font-semibold">{game.providerName}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('category')}</dt>
              <dd className="font-semibold">{t(`categories.${game.category}`)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('rtp')}</dt>
              <dd className="font-semibold text-mint" data-testid="game-rtp">
                {rtpLabel(game.rtp, locale)}
              </dd>
            </div>
          </dl>
        </div>
        <div className="mt-16 flex flex-col gap-8">
          <Button onClick={() => play(false)} data-testid="play-real">
            {token ? t('playReal') : t('signInToPlay')}
          </Button>
          {game.demo ? (
            <Button variant="outline" onClick={() => play(true)} data-testid="play-demo">
              {t('playDemo')}
            </Button>
          ) : null}
          <p className="text-center text-2xs text-muted">{t('responsible')}</p>
        </div>
      </div>
    </Sheet>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { playLink } from '../logic/play-link';

/**
 * `/gameMess` (login required): a game's message, from its query (`game`, `msg`, optional `title`), with the
 * ways back: the game again (a new launch) or the lobby. The text is shown as text, never as HTML.
 */
export function GameMessPage() {
  const { t } = useTranslation('casino');
  const [params] = useSearchParams();
  const game = params.get('game') ?? '';
  const text = (params.get('msg') ?? '').slice(0, 500);
  const title = (params.get('title') ?? '').slice(0, 80) || t('gameMessTitle');
  return (
    <section
      className="flex flex-col items-center gap-14 px-24 py-48 text-center"
      aria-labelledby="game-mess-title"
    >
      <span className="flex size-64 items-center justify-center rounded-full border border-gold/40 bg-gold/10 text-gold">
        <Icon name="bell" className="size-28" />
      </span>
      <h1 id="game-mess-title" className="text-xl font-bold">
        {title}
      </h1>
      <p className="max-w-300 whitespace-pre-line text-sm text-muted" data-testid="game-mess-text">
        {text || t('gameMessEmpty')}
      </p>
      {/^[a-z0-9][a-z0-9_.-]{0,99}$/.test(game) ? (
        <Link
          to={playLink(game)}
          className="btn-gold inline-flex min-h-44 items-center rounded-xl px-20 font-bold"
        >
          {t('playAgain')}
        </Link>
      ) : null}
      <Link to="/casino" className="min-h-44 px-12 py-10 text-sm font-semibold text-gold">
        {t('toLobby')}
      </Link>
    </section>
  );
}

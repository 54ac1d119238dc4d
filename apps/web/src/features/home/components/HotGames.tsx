import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FlameIcon, GameTile } from '../../../components/ui/GameTile';
import { useHomeHotGames } from '../api/get-hot-games';

/** The operator's hot casino games on home; nothing shows until there are some. Tiles open the game. */
export default function HotGames() {
  const { t } = useTranslation('home');
  const games = useHomeHotGames().data ?? [];
  if (games.length === 0) return null;
  return (
    <section aria-labelledby="home-hot" className="flex flex-col gap-10" data-testid="home-hot">
      <div className="flex items-center justify-between">
        <h2 id="home-hot" className="flex items-center gap-6 text-lg font-bold">
          <FlameIcon />
          {t('hotGames')}
        </h2>
        <Link to="/casino" className="flex min-h-44 items-center px-4 text-sm font-semibold text-gold">
          {t('seeAll')}
        </Link>
      </div>
      <ul className="-mx-12 flex gap-10 overflow-x-auto px-12 pb-4">
        {games.map((g) => (
          <li key={g.gameCode} className="w-104 shrink-0">
            <GameTile
              name={g.name}
              provider={g.providerName}
              thumbnail={g.thumbnail}
              to={`/play?game=${encodeURIComponent(g.gameCode)}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

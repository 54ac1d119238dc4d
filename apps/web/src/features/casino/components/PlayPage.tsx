import { ErrorCode } from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { ApiError } from '../../../lib/api';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayMoney, UNKNOWN_BALANCE } from '../../../lib/format';
import { knownBalance, playableMinor, useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { stopGame, useInPlay } from '../api/game-session';
import { useLaunch } from '../api/launch';
import { useLobby } from '../api/lobby';
import { useGameFrame } from '../hooks/useGameFrame';
import { playLink, rtpLabel } from '../logic/play-link';

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-14 px-24 text-center">
      {children}
    </div>
  );
}

/**
 * The in-game screen (`/play?game=…[&demo=1]`): the game's page in a full-screen frame under a slim bar (back,
 * the game, the balance and a deposit). On entering, the game in play is asked (inPlay) and resumed when no
 * game is named; the launch is one call per visit (one-time token). The per-game code map gets `play` → the
 * game, so leaving emits offGame (app/Root); leaving a real-money game also ends its session (stopGame) and
 * asks user info again. Real money needs a session; a demo does not.
 */
export function PlayPage({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation('casino');
  const navigate = useNavigate();
  // A game opened from a link (a new tab, a shared URL) has no page of the app behind it: back goes to the lobby.
  const appStartedHere = useLocation().key === 'default';
  const [params] = useSearchParams();
  const gameCode = params.get('game') ?? '';
  const demo = params.get('demo') === '1';
  const token = useSession((s) => s.token);
  // What the game plays with and shows as its balance: cash and bonus together, once the server has told it
  // (null until then: "R$ —", never a past visit's copy). Summed in centavos: two floats' sum can land a centavo
  // off the ledger's.
  const balance = useSession((s) => (knownBalance(s) === null ? null : toMajor(playableMinor(s))));
  const bonus = useSession((s) => s.user?.freeBalance ?? 0);
  const lang = useAppState((s) => s.lang);
  const [attempt, setAttempt] = useState(0);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const launched = useRef<{ demo: boolean } | null>(null);

  const inPlay = useInPlay(token);
  const game = useLobby({}).data?.games.find((g) => g.gameCode === gameCode);
  const allowed = Boolean(gameCode) && (demo || Boolean(token));
  const launch = useLaunch(token, gameCode, demo, allowed, attempt);

  // No game named: the one in play, if any, is resumed.
  const resume = !gameCode && inPlay.data ? inPlay.data.gameCode : null;
  useEffect(() => {
    if (resume) void navigate(playLink(resume), { replace: true });
  }, [resume, navigate]);

  useEffect(() => {
    const answer = launch.data;
    if (!answer) return;
    launched.current = { demo: answer.demo };
    useSession.setState((s) => ({ gameCodes: { ...s.gameCodes, play: answer.gameCode } }));
  }, [launch.data]);

  // Leaving a real-money game ends its game session on the server (spec: stopGame, then user info).
  useEffect(
    () => () => {
      const was = launched.current;
      launched.current = null;
      if (was && !was.demo && useSession.getState().token) void stopGame();
    },
    [],
  );

  const toMessage = useCallback(
    (text: string) =>
      void navigate(`/gameMess?${new URLSearchParams({ game: gameCode, msg: text }).toString()}`),
    [navigate, gameCode],
  );
  // While a round plays, the game's own figure (the stake gone, the win not yet shown), not the server's push.
  const roundBalance = useGameFrame(frame, toMessage);
  const shown = roundBalance ?? balance;

  const name = game?.name ?? (inPlay.data?.gameCode === gameCode ? inPlay.data.name : gameCode);
  const opening = (
    <Centered>
      <span
        className="size-36 animate-spin rounded-full border-4 border-gold/25 border-t-gold"
        aria-hidden="true"
      />
      <p className="text-sm text-muted" role="status">
        {t('opening', { name })}
      </p>
    </Centered>
  );
  let body: ReactNode;
  if (!gameCode) {
    body =
      inPlay.isPending && token ? null : (
        <Centered>
          <Icon name="spade" className="size-40 text-gold" />
          <p className="text-sm text-muted">{t('chooseGame')}</p>
          <Link
            to="/casino"
            className="btn-gold inline-flex min-h-44 items-center rounded-xl px-20 font-bold"
          >
            {t('toLobby')}
          </Link>
        </Centered>
      );
  } else if (!allowed) {
    body = (
      <Centered>
        <Icon name="lock" className="size-40 text-gold" />
        <h2 className="text-lg font-bold">{t('signInTitle')}</h2>
        <p className="text-sm text-muted">{t('signInText')}</p>
        <Button onClick={() => openOverlay('login')} className="w-full max-w-260">
          {t('signIn')}
        </Button>
        {game?.demo !== false ? (
          <Button
            variant="outline"
            className="w-full max-w-260"
            onClick={() => void navigate(playLink(gameCode, true), { replace: true })}
          >
            {t('playDemo')}
          </Button>
        ) : null}
      </Centered>
    );
  } else if (launch.data) {
    const url = launch.data.url;
    body = (
      <div className="relative flex flex-1 flex-col">
        <iframe
          ref={frame}
          key={url}
          src={url}
          title={name}
          allow="autoplay; fullscreen"
          className="block w-full flex-1 border-0 bg-night"
          data-testid="game-frame"
          onLoad={() => setLoadedUrl(url)}
        />
        {/* Until the game's page has loaded, the player sees it opening, not an empty screen. */}
        {loadedUrl !== url ? <div className="absolute inset-0 flex bg-night">{opening}</div> : null}
      </div>
    );
  } else if (launch.isError) {
    body = (
      <Centered>
        <p className="text-sm text-muted" role="alert" data-testid="launch-failed">
          {launch.error instanceof ApiError && launch.error.message
            ? launch.error.message
            : t('launchFailed')}
        </p>
        {/* A game that does not exist (or was withdrawn) is not there on a retry either: the lobby is the way. */}
        {launch.error instanceof ApiError && launch.error.status === ErrorCode.NOT_FOUND ? null : (
          <Button onClick={() => setAttempt((a) => a + 1)}>{t('retry')}</Button>
        )}
        <Link to="/casino" className="min-h-44 px-12 py-10 text-sm font-semibold text-gold">
          {t('toLobby')}
        </Link>
      </Centered>
    );
  } else {
    body = opening;
  }

  return (
    <div className="fixed inset-0 z-30 mx-auto flex max-w-393 flex-col bg-night" data-testid="play-screen">
      <header className="safe-top flex min-h-48 items-center gap-4 border-b border-line/70 bg-deep px-4">
        <button
          type="button"
          onClick={() => (appStartedHere ? void navigate('/casino') : void navigate(-1))}
          aria-label={t('back')}
          className="flex size-44 items-center justify-center text-text"
        >
          <Icon name="chevron" className="size-18 rotate-180" />
        </button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-bold">{name}</h1>
          {game ? (
            <p className="truncate text-2xs text-muted" data-testid="play-rtp">
              {t('rtp')}: {rtpLabel(game.rtp, languageEntry(lang).locale)}
            </p>
          ) : null}
        </div>
        {demo ? (
          <>
            <span className="rounded-full border border-violet/60 bg-violet/15 px-10 py-3 text-2xs font-bold uppercase text-violet">
              {t('demo')}
            </span>
            <button
              type="button"
              onClick={() =>
                token ? void navigate(playLink(gameCode), { replace: true }) : openOverlay('login')
              }
              className="min-h-44 px-8 text-xs font-semibold text-gold"
            >
              {t('playRealShort')}
            </button>
          </>
        ) : token ? (
          <div className="flex min-h-36 items-center rounded-full border border-line bg-panel pl-10">
            <span className="sr-only">{t('balance')}</span>
            <span className="flex flex-col items-end leading-tight">
              <span
                className="text-sm font-bold text-gold"
                data-testid="play-balance"
                aria-busy={shown === null}
              >
                {shown === null ? UNKNOWN_BALANCE : displayMoney(shown, lang)}
              </span>
              {/* The figure above is not the header's cash balance elsewhere: it says what is bonus in it. */}
              {bonus > 0 ? (
                <span className="text-[10px] font-semibold text-muted" data-testid="play-bonus">
                  {t('withBonus', { amount: displayMoney(bonus, lang) })}
                </span>
              ) : null}
            </span>
            <button
              type="button"
              onClick={() => openOverlay('gameDeposit')}
              aria-label={t('deposit')}
              className="-my-4 ml-4 flex size-36 items-center justify-center rounded-full btn-gold text-lg font-black"
            >
              +
            </button>
          </div>
        ) : null}
      </header>
      {banner}
      {body}
    </div>
  );
}

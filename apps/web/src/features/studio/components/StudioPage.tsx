import { STUDIO_GAMES, type StudioGameCode } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useStudioSession } from '../api/studio';
import { SlotScreen } from './SlotScreen';

const isStudioGame = (code: string | undefined): code is StudioGameCode =>
  (STUDIO_GAMES as readonly string[]).includes(code ?? '');

function Message({ text, sub }: { text: string; sub?: string }) {
  return (
    <div className="fixed inset-0 mx-auto flex max-w-393 flex-col items-center justify-center gap-8 bg-night px-24 text-center">
      <p className="text-base font-semibold">{text}</p>
      {sub ? <p className="text-sm text-muted">{sub}</p> : null}
    </div>
  );
}

function StudioGame({ game, token, demo }: { game: StudioGameCode; token: string | null; demo: boolean }) {
  const { t } = useTranslation('studio');
  const session = useStudioSession(game, token, demo);
  if (session.data) return <SlotScreen session={session.data} />;
  if (session.isError)
    return <Message text={session.error.message || t('sessionFailed')} sub={t('reopen')} />;
  return (
    <div
      className="fixed inset-0 mx-auto flex max-w-393 flex-col items-center justify-center gap-12 bg-night"
      role="status"
    >
      <span
        className="size-40 animate-spin rounded-full border-4 border-gold/25 border-t-gold"
        aria-hidden="true"
      />
      <p className="text-sm text-muted">{t('loading')}</p>
    </div>
  );
}

/**
 * Our studio's game page (`/studio/{gameCode}?token=…` or `?demo=1`), opened by the launch URL inside /play's
 * frame: a page of its own, without the app's frame, that knows the player only through its game session.
 */
export function StudioPage() {
  const { t } = useTranslation('studio');
  const { gameCode } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const demo = params.get('demo') === '1' || params.get('demo') === 'true';
  if (!isStudioGame(gameCode)) return <Message text={t('unknownGame')} />;
  if (!token && !demo) return <Message text={t('sessionFailed')} sub={t('reopen')} />;
  return <StudioGame key={`${gameCode}-${token ?? ''}-${demo}`} game={gameCode} token={token} demo={demo} />;
}

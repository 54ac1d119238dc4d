import { ErrorCode, type OriginalGameName, type RotateAnswer } from '@aposta/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { FieldError, TextField } from '../../../components/ui/TextField';
import { copyText } from '../../../lib/clipboard';
import { useFieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { verifyHref } from '../../../lib/verify-link';
import { useFairness } from '../api/get-fairness';
import { useRotateSeeds } from '../api/rotate-seeds';

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

function randomSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

function Value({
  label,
  value,
  testId,
  copy,
}: {
  label: string;
  value: string;
  testId?: string;
  /** A copy button's label: a 64-character seed is not typed by hand on a phone. */
  copy?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="flex items-start gap-6">
        <span className="min-w-0 flex-1 break-all font-mono text-xs text-text" data-testid={testId}>
          {value}
        </span>
        {copy ? (
          <button
            type="button"
            onClick={() => void copyText(value)}
            className="-my-10 min-h-44 shrink-0 px-6 text-xs font-semibold text-gold"
            aria-label={`${copy}: ${label}`}
          >
            {copy}
          </button>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * The seed pair behind the player's bets: the server seed's hash (committed before any bet), the client seed
 * (the player's to change) and the nonce. Changing seeds retires the pair and reveals its server seed, so every
 * bet it served can be checked on /fairness.
 */
export function FairnessPanel({ game }: { game?: OriginalGameName }) {
  const { t } = useTranslation('originals');
  const token = useSession((s) => s.token);
  const fairness = useFairness(token);
  const rotate = useRotateSeeds();
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<RotateAnswer['revealed'] | null>(null);
  const { errors, show, place, clear } = useFieldErrors<'clientSeed'>();

  // A double tap lands before the button re-renders disabled: a second rotation would reveal a seed that
  // covered no bet, and hide the one that covered the bets just played.
  const rotating = useRef(false);

  async function onRotate() {
    if (rotating.current) return;
    const next = clientSeed.trim() || randomSeed();
    if (!CLIENT_SEED.test(next)) return place('clientSeed', t('errors.clientSeed'));
    rotating.current = true;
    try {
      const answer = await rotate.mutateAsync({ clientSeed: next });
      setRevealed(answer.revealed);
      setClientSeed('');
      clear();
    } catch (err) {
      await show(
        err,
        { clientSeed: next },
        {
          schema: () => import('@aposta/contracts').then((m) => m.rotateRequest),
          // A refusal of the moment (a mines round open) is about the rotation, not the seed typed.
          codes: { [ErrorCode.CONFLICT]: 'form' },
          fallback: 'clientSeed',
        },
      );
    } finally {
      rotating.current = false;
    }
  }

  return (
    <details className="group rounded-2xl border border-line bg-panel" data-testid="fairness-panel">
      <summary className="flex min-h-48 cursor-pointer list-none items-center justify-between px-14 font-semibold">
        <span className="flex items-center gap-8">
          <span aria-hidden="true" className="text-mint">
            ✓
          </span>
          {t('fairness.title')}
        </span>
        <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-90">
          ›
        </span>
      </summary>
      <div className="flex flex-col gap-12 border-t border-line p-14">
        {!token ? (
          <p className="text-sm text-muted">{t('fairness.loginToSee')}</p>
        ) : fairness.data ? (
          <dl className="flex flex-col gap-8">
            <Value
              label={t('fairness.serverSeedHash')}
              value={fairness.data.serverSeedHash}
              testId="seed-hash"
            />
            <Value label={t('fairness.clientSeed')} value={fairness.data.clientSeed} testId="client-seed" />
            <Value label={t('fairness.nonce')} value={String(fairness.data.nonce)} testId="nonce" />
          </dl>
        ) : (
          <p className="text-sm text-muted">{fairness.isError ? t('errors.load') : t('fairness.loading')}</p>
        )}
        {token ? (
          <>
            <TextField
              label={t('fairness.newClientSeed')}
              hint={t('fairness.optional')}
              name="clientSeed"
              autoComplete="off"
              autoCapitalize="none"
              maxLength={64}
              value={clientSeed}
              error={errors.clientSeed}
              onChange={(e) => {
                setClientSeed(e.target.value);
                clear('clientSeed');
              }}
            />
            <Button
              variant="outline"
              onClick={() => void onRotate()}
              disabled={rotate.isPending}
              data-testid="rotate"
            >
              {t('fairness.rotate')}
            </Button>
            <FieldError message={errors.form} />
            <p className="text-xs text-muted">{t('fairness.rotateHint')}</p>
          </>
        ) : null}
        {revealed ? (
          <div className="flex flex-col gap-8 rounded-xl border border-mint/40 bg-mint/10 p-12" role="status">
            <p className="text-sm font-semibold text-mint">{t('fairness.revealedTitle')}</p>
            <dl className="flex flex-col gap-8">
              <Value
                label={t('fairness.serverSeed')}
                value={revealed.serverSeed}
                testId="revealed-seed"
                copy={t('fairness.copy')}
              />
              <Value
                label={t('fairness.serverSeedHash')}
                value={revealed.serverSeedHash}
                copy={t('fairness.copy')}
              />
              <Value label={t('fairness.clientSeed')} value={revealed.clientSeed} copy={t('fairness.copy')} />
              <Value label={t('fairness.betsMade')} value={String(revealed.nonce)} />
            </dl>
            <p className="text-xs text-muted">{t('fairness.revealedHint')}</p>
          </div>
        ) : null}
        {/* With a seed just revealed, the verifier opens on it (its first bet, of this game). */}
        <Link
          to={revealed && game ? verifyHref({ ...revealed, nonce: 0 }, { game }) : '/fairness'}
          className="inline-flex min-h-44 items-center text-sm font-semibold text-gold underline"
          data-testid="open-verifier"
        >
          {t('fairness.openVerifier')}
        </Link>
      </div>
    </details>
  );
}

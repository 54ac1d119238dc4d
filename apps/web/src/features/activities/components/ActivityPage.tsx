import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { joinActivity, useActivity } from '../api/activities';
import { Period, Progress, RewardText } from './ActivityTerms';
import { ClaimButton } from './ClaimButton';
import { sanitizeActivityBody } from './sanitize';

/** /active{id}: one activity, its terms, the player's progress and the claim. */
export function ActivityPage({ id }: { id: string }) {
  const { t } = useTranslation('activities');
  const token = useSession((s) => s.token ?? '');
  const numeric = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const query = useActivity(token, numeric);
  const a = query.data;
  const body = useMemo(() => (a?.body ? sanitizeActivityBody(a.body) : ''), [a?.body]);
  const [joinError, setJoinError] = useState('');

  if (!token)
    return (
      <LoginFirst
        title={t('title')}
        text={t('signInFirst')}
        action={t('signIn')}
        onAction={() => openOverlay('login')}
      />
    );
  const missing = numeric === 0 || (query.error instanceof ApiError && query.error.httpStatus === 404);
  if (missing)
    return (
      <section className="flex flex-col items-center gap-12 px-24 py-56 text-center">
        <h1 className="text-xl font-bold">{t('notFound')}</h1>
        <Link to="/home" className="text-gold underline">
          {t('backHome')}
        </Link>
      </section>
    );
  if (query.isError)
    return (
      <div role="alert" className="flex items-center justify-between gap-8 p-16 text-sm">
        <span className="text-muted">{t('loadFailed')}</span>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (!a) return null;

  async function join() {
    setJoinError('');
    try {
      await joinActivity(token, numeric);
    } catch (e) {
      setJoinError(e instanceof Error ? e.message : t('claimFailed'));
    }
  }

  return (
    <article className="flex flex-col gap-14 p-16" aria-labelledby="activity-title">
      {a.bannerUrl ? (
        <img
          src={a.bannerUrl}
          alt=""
          className="aspect-[16/7] w-full rounded-2xl border border-line object-cover"
          data-testid="activity-banner"
        />
      ) : null}
      <div>
        <h1 id="activity-title" className="text-xl font-bold">
          {a.title}
        </h1>
        <p className="mt-2 text-xs text-muted">
          <Period a={a} />
        </p>
      </div>
      <div className="flex flex-col gap-12 rounded-xl border border-gold/30 bg-panel p-12">
        <p className="text-sm font-semibold text-gold">
          <RewardText a={a} />
        </p>
        <p className="text-xs text-muted">
          {a.reward.wageringMultiple > 0
            ? t('wagering', { count: a.reward.wageringMultiple })
            : t('noWagering')}
        </p>
        <Progress a={a} />
        <ClaimButton a={a} available={a.available} />
        {a.available && a.status === 'live' && !a.joined && a.claimable <= 0 ? (
          <Button variant="outline" onClick={() => void join()}>
            {t('join')}
          </Button>
        ) : a.joined && a.claimed === null ? (
          <p className="text-xs text-muted">{t('joined')}</p>
        ) : null}
        {joinError ? (
          <p role="alert" className="text-sm text-rose">
            {joinError}
          </p>
        ) : null}
      </div>
      {body ? (
        <div
          className="activity-body flex flex-col gap-8 text-sm leading-relaxed [&_a]:text-gold [&_a]:underline [&_img]:max-w-full [&_img]:rounded-xl [&_li]:ml-16 [&_ol]:list-decimal [&_ul]:list-disc"
          data-testid="activity-body"
          dangerouslySetInnerHTML={{ __html: body }}
        />
      ) : null}
    </article>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { useLadder } from '../api/rewards';
import { LadderSection } from './LadderSection';

/**
 * Agent rewards (/agentJl) and the ladder bonus (/ladderBonus): the rules (settings, from the server), the
 * player's valid invitees and the ladder. `agentJl_ladder` is /agentJl?moveTop=1: it scrolls to the ladder.
 */
export function AgentPage({ variant = 'agent' }: { variant?: 'agent' | 'ladder' }) {
  const { t } = useTranslation('rewards');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token);
  const ladder = useLadder(token);
  const [params] = useSearchParams();
  const ladderRef = useRef<HTMLElement>(null);
  const moveTop = params.has('moveTop');
  const data = ladder.data;

  useEffect(() => {
    if (moveTop && data) ladderRef.current?.scrollIntoView({ block: 'start' });
  }, [moveTop, data]);

  const title = variant === 'agent' ? t('agent.title') : t('ladder.title');
  if (!token)
    return (
      <LoginFirst
        title={title}
        text={t('loginFirst')}
        action={t('login')}
        onAction={() => openOverlay('login')}
      />
    );

  const min = data ? displayMoney(data.minDeposit, lang) : '';
  return (
    <section className="flex flex-col gap-16 p-16" aria-labelledby="agent-title">
      <h1 id="agent-title" className="text-xl font-bold">
        {title}
      </h1>
      {ladder.isError && <p className="text-sm text-rose">{t('error')}</p>}
      {!data && !ladder.isError && <p className="text-sm text-muted">{t('loading')}</p>}
      {data && (
        <>
          <p className="text-sm text-muted">{t('agent.intro', { min })}</p>
          <Link
            to="/share"
            className="btn-gold flex min-h-44 items-center justify-center rounded-xl font-bold"
          >
            {t('agent.invite')}
          </Link>
          <LadderSection ref={ladderRef} data={data} />
          <div className="rounded-xl border border-line bg-panel p-12">
            <h2 className="mb-6 text-sm font-semibold">{t('agent.rules')}</h2>
            <ul className="flex list-disc flex-col gap-4 pl-16 text-xs text-muted">
              <li>{t('agent.rule1', { min })}</li>
              <li>{t('agent.rule2')}</li>
              <li>{t('agent.rule3')}</li>
              <li>{t('agent.rule4')}</li>
            </ul>
          </div>
        </>
      )}
    </section>
  );
}

/** /ladderBonus: the same rules and ladder, under the ladder's title. */
export const LadderBonusPage = () => <AgentPage variant="ladder" />;

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useActivities } from '../api/list';
import { Period } from './ActivityTerms';

/** Home's promotions: the live activities, each a door to /active{id}. Nothing when there are none. */
export function ActivityStrip() {
  const { t } = useTranslation('activities');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token ?? '');
  const list = useActivities(token).data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="activities-title" className="flex flex-col gap-10">
      <h2 id="activities-title" className="flex items-center gap-6 text-lg font-bold">
        <Icon name="gift" className="size-18 text-gold" />
        {t('listTitle')}
      </h2>
      <ul className="flex flex-col gap-8">
        {list.map((a) => (
          <li key={a.id}>
            <Link
              to={`/active${a.id}`}
              className="flex min-h-64 items-center gap-12 overflow-hidden rounded-xl border border-line bg-panel pr-12 hover:border-gold/60"
            >
              {a.bannerUrl ? (
                <img src={a.bannerUrl} alt="" className="h-64 w-96 shrink-0 object-cover" />
              ) : (
                <span className="flex h-64 w-64 shrink-0 items-center justify-center bg-gold/15 text-gold">
                  <Icon name="gift" className="size-22" />
                </span>
              )}
              <span className="min-w-0 flex-1 py-8">
                <span className="block truncate font-semibold">{a.title}</span>
                <span className="block text-xs text-muted">
                  <Period a={a} />
                </span>
              </span>
              {a.claimable > 0 ? (
                <span className="shrink-0 rounded-full bg-gold px-8 py-2 text-xs font-bold text-black">
                  {displayMoney(a.claimable, lang)}
                </span>
              ) : (
                <Icon name="chevron" className="size-16 shrink-0 text-muted" />
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

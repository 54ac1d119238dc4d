import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { copyText } from '../../../lib/clipboard';
import { useSession } from '../../../lib/session';

/** Share: the player's own invitation link (/y{yqm}), which opens registration with the code filled in. */
export function SharePage() {
  const { t } = useTranslation('share');
  const yqm = useSession((s) => s.user?.yqm ?? '');
  const link = yqm ? `${window.location.origin}/y${yqm}` : '';
  return (
    <section className="flex flex-col gap-16 p-16" aria-labelledby="share-title">
      <h1 id="share-title" className="text-xl font-bold">
        {t('title')}
      </h1>
      <p className="text-sm text-muted">{t('text')}</p>
      <div className="rounded-xl border border-line bg-panel p-12">
        <p className="text-xs text-muted">{t('link')}</p>
        <p className="mt-2 break-all text-base text-gold" data-testid="share-link">
          {link}
        </p>
        <button
          type="button"
          disabled={!link}
          onClick={() => void copyText(link)}
          className="btn-gold mt-12 flex min-h-44 w-full items-center justify-center gap-6 rounded-xl font-semibold"
        >
          <Icon name="copy" className="size-16" />
          {t('copyLink')}
        </button>
      </div>
    </section>
  );
}

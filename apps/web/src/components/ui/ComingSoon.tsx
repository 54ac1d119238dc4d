import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from './Icon';

/** The honest state of a screen a later release builds: the frame, its title, no invented data. */
export function ComingSoon({
  title,
  icon = 'calendar',
  compact = false,
}: {
  title: string;
  icon?: IconName;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={`flex flex-col items-center px-24 text-center ${compact ? 'py-24' : 'py-56'}`}
      aria-labelledby="coming-soon-title"
    >
      <div className="mb-16 flex size-72 items-center justify-center rounded-full border border-gold/30 bg-gold/10 text-gold">
        <Icon name={icon} className="size-32" />
      </div>
      <h1 id="coming-soon-title" className="text-xl font-bold">
        {title}
      </h1>
      <p className="mt-6 inline-flex rounded-full bg-violet/20 px-10 py-2 text-xs font-semibold uppercase tracking-wide text-violet-200">
        {t('common.comingSoon')}
      </p>
      <p className="mt-12 max-w-280 text-sm text-muted">{t('common.comingSoonText')}</p>
      {compact ? null : (
        <Link
          to="/home"
          className="mt-24 inline-flex min-h-44 items-center rounded-xl border border-line px-20 text-sm text-text hover:border-gold/60"
        >
          {t('common.backHome')}
        </Link>
      )}
    </section>
  );
}

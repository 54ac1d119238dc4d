import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { Sheet } from '../../../components/ui/Sheet';
import { env } from '../../../lib/env';
import { installWay, promptInstall, usePwa } from '../../../lib/pwa';
import { toast } from '../../../lib/ui';

/**
 * The side menu's Download: installs the web app. Chrome and Android replay the kept install prompt on the
 * tap; iOS Safari cannot be prompted, so the sheet shows its three steps (Share, Add to Home Screen, Add);
 * other browsers get their menu's wording; an installed app says so. The operator's native app link, when
 * configured, stays offered below.
 */
export function InstallSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('pwa');
  const way = usePwa((s) => installWay(s));

  async function install() {
    const outcome = await promptInstall();
    if (outcome === 'accepted') {
      toast(t('installed'));
      onClose();
    }
  }

  return (
    <Sheet title={t('title')} onClose={onClose} side="bottom">
      <div className="flex flex-col gap-14 p-16 pb-[calc(1rem+env(safe-area-inset-bottom))]">
        <div className="flex items-center gap-12">
          <img src="/icons/icon-192.png" alt="" width="56" height="56" className="size-56 rounded-xl" />
          <p className="text-sm text-muted">{t('why')}</p>
        </div>
        {way === 'installed' ? (
          <p role="status" className="rounded-xl bg-mint/10 p-12 text-base text-mint">
            {t('installed')}
          </p>
        ) : null}
        {way === 'prompt' ? (
          <button
            type="button"
            onClick={() => void install()}
            className="btn-gold min-h-48 rounded-xl font-bold"
          >
            {t('install')}
          </button>
        ) : null}
        {way === 'ios' ? (
          <ol aria-label={t('iosTitle')} className="flex list-decimal flex-col gap-10 pl-22 text-base">
            <li>
              {t('iosShare')} <Icon name="share" className="inline size-18 align-text-bottom text-gold" />
            </li>
            <li>{t('iosAdd')}</li>
            <li>{t('iosConfirm')}</li>
          </ol>
        ) : null}
        {way === 'manual' ? <p className="text-base">{t('manual')}</p> : null}
        {env.downloadUrl ? (
          <a
            href={env.downloadUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="flex min-h-44 items-center justify-center rounded-xl border border-line text-sm text-muted"
          >
            {t('nativeApp')}
          </a>
        ) : null}
      </div>
    </Sheet>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { go } from '../../../lib/navigation';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { Sheet } from '../../../components/ui/Sheet';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { env } from '../../../lib/env';
import { usePwa } from '../../../lib/pwa';
import { useSession } from '../../../lib/session';
import { openOverlay, setPanel } from '../../../lib/ui';

interface Line {
  icon: IconName;
  label: string;
  run: () => void;
  detail?: string;
}

function openExternal(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The settings side menu, sliding in from the left (spec section 2): four cards, then the link lines.
 * `extra` sits under the lines (the composition root puts the notifications switch there).
 */
export function SettingsMenu({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation('menu');
  const installed = usePwa((s) => s.installed);
  const token = useSession((s) => s.token);
  const lang = useAppState((s) => s.lang);
  const close = () => setPanel('menuOpen', false);
  const goTo = (path: string) => () => {
    close();
    go(path);
  };

  const cards: Line[] = [
    { icon: 'people', label: t('agent'), run: goTo('/agentJl') },
    { icon: 'ladder', label: t('agentLadder'), run: goTo('/agentJl?moveTop=1') },
    { icon: 'crown', label: t('vip'), run: goTo('/vip') },
    { icon: 'gift', label: t('gameBonus'), run: goTo('/gamebouns') },
  ];
  const lines: Line[] = [
    { icon: 'crown', label: t('vipClub'), run: goTo('/vip') },
    { icon: 'share', label: t('share'), run: goTo('/share') },
  ];
  // Download installs the web app (install sheet: the browser's prompt, or iOS's steps; the operator's native
  // app link inside when configured). Running installed, it says so.
  lines.push({
    icon: 'download',
    label: t('download'),
    detail: installed ? t('installed') : undefined,
    run: () => openOverlay('install'),
  });
  // The operator's social link shows only when configured (README): no dead 'Em breve' lines.
  const { socialUrl } = env;
  if (socialUrl) lines.push({ icon: 'globe', label: t('social'), run: () => openExternal(socialUrl) });
  // The messaging-app support line exists only when such a link is configured, and needs a session.
  if (env.messagingUrl) {
    const url = env.messagingUrl;
    lines.push({
      icon: 'send',
      label: t('messaging'),
      run: () => (token ? openExternal(url) : openOverlay('login')),
    });
  }
  lines.push(
    {
      icon: 'headset',
      label: t('customerService'),
      run: () => {
        close();
        setPanel('chatOpen', true);
      },
    },
    {
      icon: 'globe',
      label: t('language'),
      detail: languageEntry(lang).name,
      run: () => openOverlay('language'),
    },
  );

  return (
    <Sheet title={t('title')} onClose={close} side="left">
      <nav aria-label={t('title')} className="flex flex-col gap-16 p-16">
        <div className="grid grid-cols-2 gap-8">
          {cards.map((c) => (
            <button
              key={c.label}
              type="button"
              onClick={c.run}
              className="flex min-h-72 flex-col items-start justify-between gap-6 rounded-xl border border-line bg-gradient-to-br from-raised to-panel p-10 text-left text-sm font-semibold hover:border-gold/60"
            >
              <Icon name={c.icon} className="size-22 text-gold" />
              {c.label}
            </button>
          ))}
        </div>
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-deep/60">
          {lines.map((l) => (
            <li key={l.label}>
              <button
                type="button"
                onClick={l.run}
                className="flex min-h-48 w-full items-center gap-12 px-12 text-left text-base"
              >
                <Icon name={l.icon} className="size-20 text-muted" />
                <span className="flex-1">{l.label}</span>
                {l.detail ? <span className="text-sm text-muted">{l.detail}</span> : null}
                <Icon name="chevron" className="size-16 text-muted" />
              </button>
            </li>
          ))}
        </ul>
        {extra}
      </nav>
    </Sheet>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A panel over the game (paytable, rounds), dark and scrollable, closed by its button. */
export function StudioSheet({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="absolute inset-0 z-20 flex flex-col bg-[#0b0820]"
      role="dialog"
      aria-modal="true"
      aria-label={title}
    >
      <header className="flex items-center border-b border-white/10 px-12">
        <h2 className="flex-1 text-base font-bold">{title}</h2>
        <button type="button" onClick={onClose} className="min-h-44 px-8 text-sm font-semibold text-gold">
          {t('common.close')}
        </button>
      </header>
      <div className="flex-1 overflow-y-auto px-12 pb-24 pt-10">{children}</div>
    </div>
  );
}

import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

type Side = 'left' | 'top' | 'bottom' | 'center' | 'full';

const panelClass: Record<Side, string> = {
  left: 'left-0 top-0 h-full w-[82%] max-w-320 rounded-r-2xl',
  top: 'left-0 top-0 w-full max-h-[92dvh] rounded-b-2xl',
  bottom: 'left-0 bottom-0 w-full max-h-[92dvh] rounded-t-2xl',
  center: 'left-1/2 top-1/2 w-[88%] -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  full: 'inset-0 h-full w-full',
};

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

interface SheetProps {
  title: string;
  onClose: () => void;
  side?: Side;
  children: ReactNode;
  /** Hide the visual heading (the dialog keeps its accessible name). */
  hideTitle?: boolean;
  className?: string;
  /** The panel's inline style (the chat's height while the phone keyboard is open). */
  style?: CSSProperties;
  /** Classes of the scrolling body (a panel that lays out its own scrolling sets `flex-1 min-h-0`). */
  bodyClassName?: string;
}

/**
 * The one overlay shell: a modal dialog sliding from a side, with a backdrop, Escape to close, focus kept
 * inside and returned to the opener on close.
 */
export function Sheet({
  title,
  onClose,
  side = 'bottom',
  children,
  hideTitle,
  className = '',
  style,
  bodyClassName = '',
}: SheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    function onKey(e: KeyboardEvent) {
      if (!node) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
      } else if (e.key === 'Tab') {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
          (el) => !el.closest('[hidden]'),
        );
        if (items.length === 0) return;
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === firstItem) {
          e.preventDefault();
          lastItem.focus();
        } else if (!e.shiftKey && document.activeElement === lastItem) {
          e.preventDefault();
          firstItem.focus();
        }
      }
    }
    node?.addEventListener('keydown', onKey);
    return () => {
      node?.removeEventListener('keydown', onKey);
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-40 mx-auto max-w-393">
      <div
        className="absolute inset-0 bg-black/65 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={style}
        className={`absolute flex flex-col overflow-hidden border border-line bg-panel shadow-2xl ${panelClass[side]} ${className}`}
      >
        <div
          className={`flex min-h-52 items-center justify-between gap-8 px-16 ${side === 'top' ? 'safe-top' : ''} ${hideTitle ? 'absolute right-0 top-0 z-10' : 'border-b border-line'}`}
        >
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold'}>
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('common.close')}
            className="-mr-8 flex size-44 items-center justify-center rounded-full text-muted hover:text-text"
          >
            <Icon name="close" className="size-20" />
          </button>
        </div>
        <div
          className={`overflow-y-auto overscroll-contain ${side === 'bottom' || side === 'left' ? 'safe-bottom' : ''} ${bodyClassName}`}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

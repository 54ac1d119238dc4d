import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { setPanel } from '../../../lib/ui';
import { useSupport, watchSupport } from '../store';

/** Scrolled less than this is a hand's tremble, not a direction. */
const SCROLL_STEP_PX = 8;

/**
 * Whether the page is being scrolled down (past its top, short of its end): the button then steps aside, since it
 * would sit over the rows and fields being read (the right-hand field of a row of three); the first move back
 * up, or reaching the end of the page, returns it. Never while it has the focus; stepped aside it is hidden from
 * taps, the keyboard and screen readers alike (visibility), not only from sight.
 */
function useScrollingDown(button: RefObject<HTMLButtonElement | null>): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < SCROLL_STEP_PX) return;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - SCROLL_STEP_PX;
      setDown(y > last && y > 80 && !atEnd && document.activeElement !== button.current);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [button]);
  return down;
}

/** The floating customer-service button, above the tab bar, with the count of unread answers. */
export function SupportButton() {
  const { t } = useTranslation('support');
  const unread = useSupport((s) => s.thread?.unread ?? 0);
  const ref = useRef<HTMLButtonElement>(null);
  const scrollingDown = useScrollingDown(ref);
  useEffect(() => watchSupport(), []);
  // An unread answer keeps it in sight.
  const tucked = scrollingDown && !unread;
  return (
    <button
      ref={ref}
      type="button"
      onClick={() => setPanel('chatOpen', true)}
      aria-label={unread ? t('openUnread', { count: unread }) : t('open')}
      data-tucked={tucked || undefined}
      className={`btn-gold fixed bottom-[calc(0.76rem+env(safe-area-inset-bottom))] right-[max(0.12rem,calc(50%-1.845rem))] z-30 flex size-52 items-center justify-center rounded-full shadow-lg transition-[opacity,scale,visibility] duration-200 motion-reduce:transition-none ${tucked ? 'invisible scale-90 opacity-0' : ''}`}
    >
      <Icon name="headset" className="size-24" />
      {unread ? (
        <span
          data-testid="support-unread"
          className="absolute -right-2 -top-2 flex min-w-20 items-center justify-center rounded-full bg-red-500 px-4 text-xs font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}

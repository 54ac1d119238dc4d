import { useEffect, useState } from 'react';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { reducedMotion } from '../logic/timing';

/** The big-win moment: rays, the title and the amount counting up to the round's win. A tap closes it. */
export function BigWin({
  amount,
  title,
  hint,
  turbo,
  onClose,
}: {
  amount: number;
  title: string;
  hint: string;
  turbo: boolean;
  onClose: () => void;
}) {
  const lang = useAppState((s) => s.lang);
  const [shown, setShown] = useState(() => (reducedMotion() ? amount : 0));
  useEffect(() => {
    if (reducedMotion()) return;
    const duration = turbo ? 700 : 1600;
    const start = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const p = Math.min(1, (now - start) / duration);
      setShown(Math.round(amount * (1 - (1 - p) ** 3) * 100) / 100);
      if (p < 1) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [amount, turbo]);
  return (
    <button
      type="button"
      onClick={onClose}
      className="absolute inset-0 z-30 flex flex-col items-center justify-center overflow-hidden bg-black/80"
      data-testid="big-win"
    >
      <span
        className="slot-rays absolute left-1/2 top-1/2 size-[180vmax] -translate-x-1/2 -translate-y-1/2"
        aria-hidden="true"
      />
      <span className="slot-pop relative text-3xl font-black uppercase italic text-gold-gradient drop-shadow-[0_3px_0_#7c2d12]">
        {title}
      </span>
      <span className="slot-pop relative mt-12 text-3xl font-black text-white drop-shadow-[0_2px_6px_rgb(0_0_0/0.8)]">
        {displayMoney(shown, lang)}
      </span>
      <span className="relative mt-24 text-xs text-white/70">{hint}</span>
    </button>
  );
}

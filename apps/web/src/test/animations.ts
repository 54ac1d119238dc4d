import { vi } from 'vitest';

/**
 * Web animations that run until the test finishes them: jsdom has no `Element.animate` (screens then show
 * results at once); with this, a screen waits for its animation as in a browser. Call `restore` after.
 */
export function holdAnimations() {
  const running: { onfinish: (() => void) | null; cancel: () => void }[] = [];
  const animate = vi.fn(() => {
    const animation = { onfinish: null as (() => void) | null, cancel: () => {} };
    running.push(animation);
    return animation;
  });
  Object.defineProperty(Element.prototype, 'animate', { value: animate, configurable: true, writable: true });
  return {
    animate,
    /** Ends every animation started so far, as the browser does at their end. */
    finishAll: () => running.splice(0).forEach((a) => a.onfinish?.()),
    restore: () => {
      delete (Element.prototype as { animate?: unknown }).animate;
    },
  };
}

import { useCallback, useEffect, useRef } from 'react';

/** The key of the history entries pushed here (the router's own state is kept beside it). */
const KEY = 'apostaLayer';
let layers = 0;

/**
 * While `active`, the phone's (or browser's) back button calls `onBack` instead of leaving the page: a full-screen
 * layer, such as the provider's PIX page, would otherwise stay on screen while the route beneath it changes, or
 * the app would close. One history entry with the same address is pushed on activation; the function answered is
 * the layer's own close button, which takes that entry back off so no dead back press is left behind.
 *
 * A layer closed by something else (a payment that navigates) leaves its entry: going back then lands on the same
 * address, which is harmless, whereas undoing an entry there could undo the navigation that closed it.
 */
export function useBackButton(active: boolean, onBack: () => void): () => void {
  const back = useRef(onBack);
  back.current = onBack;
  // The id of this layer's entry while the layer is open, null once it is closed (either way).
  const open = useRef<number | null>(null);

  useEffect(() => {
    if (!active) return;
    const id = ++layers;
    open.current = id;
    window.history.pushState({ ...(window.history.state as object), [KEY]: id }, '');
    const onPop = () => {
      // Closed in-app already: this is the pop of its own entry.
      if (open.current !== id) return;
      open.current = null;
      back.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (open.current === id) open.current = null;
    };
  }, [active]);

  return useCallback(() => {
    const id = open.current;
    open.current = null;
    if (id !== null && (window.history.state as Record<string, unknown> | null)?.[KEY] === id) {
      window.history.back();
    }
    back.current();
  }, []);
}

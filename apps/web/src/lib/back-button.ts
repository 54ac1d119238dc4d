import { useEffect, useRef } from 'react';

/** The key of the history entries pushed here (the router's own state is kept beside it). */
const KEY = 'apostaLayer';
let layers = 0;

/** The layer whose entry the history is on (0 on a page's own entry). */
function layerOnTop(): number {
  const value = (window.history.state as Record<string, unknown> | null)?.[KEY];
  return typeof value === 'number' ? value : 0;
}

/** Whether the history is on an entry pushed for an open layer: a navigation from it replaces that entry. */
export const onLayerEntry = () => layerOnTop() > 0;

/**
 * While `active`, the phone's (or browser's) back button calls `onBack` instead of leaving the page: an overlay,
 * a side menu or the provider's PIX page would otherwise stay on screen while the route beneath it changes, or
 * the app would close. One history entry with the same address is pushed on activation. Layers nest (the PIX
 * page inside the deposit overlay): a back press closes only the layers above the entry it lands on.
 *
 * A layer closed in the app (its own button) takes its entry back off, so no dead back press is left behind.
 * One closed by a navigation leaves the history alone: the navigation replaced the entry (`go` does, see
 * lib/navigation), and undoing an entry then would undo the navigation.
 */
export function useBackButton(active: boolean, onBack: () => void): void {
  const back = useRef(onBack);
  back.current = onBack;

  useEffect(() => {
    if (!active) return;
    const id = ++layers;
    let open = true;
    window.history.pushState({ ...(window.history.state as object), [KEY]: id }, '');
    const onPop = () => {
      // Still above the entry the history landed on: this layer's entry was popped.
      if (!open || layerOnTop() >= id) return;
      open = false;
      back.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (open && layerOnTop() === id) window.history.back();
    };
  }, [active]);
}

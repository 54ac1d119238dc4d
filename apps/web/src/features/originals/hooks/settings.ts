import { create } from 'zustand';
import { readText, writeText } from '../../../lib/storage';

const KEY = 'ORIGINALS_ANIMATIONS';

/** The games' own preference: animations on or off, kept on the device. */
export const useGameSettings = create<{ animations: boolean }>()(() => ({
  animations: readText('local', KEY) !== 'off',
}));

export function setAnimations(animations: boolean) {
  writeText('local', KEY, animations ? 'on' : 'off');
  useGameSettings.setState({ animations });
}

/** Animations play when the player wants them and the system does not ask for reduced motion. */
export function useAnimations(): boolean {
  const wanted = useGameSettings((s) => s.animations);
  const reduced =
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
      : false;
  return wanted && !reduced;
}

import { useEffect, useState, type ReactNode } from 'react';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { loadBetVocabulary } from '../../../lib/i18n';
import { BetSlip } from './BetSlip';

/** The player's locale, for prices and lines. */
export const useLocale = () => languageEntry(useAppState((s) => s.lang)).locale;

/**
 * Every sportsbook screen: the sportsbook vocabulary (namespace `bet`: results, match time, periods) loaded
 * for the player's language before the screen shows, and the bet slip over it.
 */
export function SportsShell({ children }: { children: ReactNode }) {
  const lang = useAppState((s) => s.lang);
  const [ready, setReady] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    loadBetVocabulary(lang).then(
      () => live && setReady(lang),
      (err: unknown) => live && setFailure(err),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  // A vocabulary that did not come in goes to the layout's load boundary ("Não foi possível carregar." and a
  // reload), rather than a slip titled with its raw keys.
  if (failure) throw failure;
  if (ready !== lang) return null;
  return (
    <div className="flex flex-col gap-12 px-12 pb-96 pt-12">
      {children}
      <BetSlip />
    </div>
  );
}

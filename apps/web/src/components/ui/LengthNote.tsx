import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../lib/app-state';

/**
 * Under a field with a `maxLength`: from 90% of it on, how much is used, and at the limit that the rest is left
 * out. The browser stops the field there and cuts a paste without a word; this says so.
 */
export function LengthNote({ value, max, id }: { value: string; max: number; id?: string }) {
  const { t } = useTranslation();
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  if (value.length < max * 0.9) return null;
  return (
    <p id={id} className="mt-4 px-4 text-xs text-gold" aria-live="polite" data-testid="length-note">
      {t(value.length >= max ? 'common.lengthFull' : 'common.length', {
        n: value.length.toLocaleString(locale),
        max: max.toLocaleString(locale),
      })}
    </p>
  );
}

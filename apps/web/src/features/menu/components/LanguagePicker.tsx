import { LANGUAGES, type LanguageKey } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { useAppState } from '../../../lib/app-state';
import { loadLanguage } from '../../../lib/i18n';
import { alertMessage, closeOverlay } from '../../../lib/ui';

/** Switches the UI language; its dictionary is fetched on first use. */
export async function chooseLanguage(lang: LanguageKey) {
  await loadLanguage(lang);
  useAppState.getState().setLang(lang);
}

export function LanguagePicker() {
  const { t } = useTranslation('menu');
  const current = useAppState((s) => s.lang);
  return (
    <Sheet title={t('languagePicker.title')} onClose={closeOverlay} side="bottom">
      <ul className="flex flex-col gap-6 p-16">
        {LANGUAGES.map((l) => (
          <li key={l.key} lang={l.locale}>
            <button
              type="button"
              aria-pressed={l.key === current}
              onClick={() =>
                void chooseLanguage(l.key).then(closeOverlay, () =>
                  alertMessage(t('translation:common.loadFailed')),
                )
              }
              className={`flex min-h-48 w-full items-center justify-between rounded-xl border px-14 text-base ${l.key === current ? 'border-gold bg-gold/10 text-gold' : 'border-line text-text'}`}
            >
              <span>{l.name}</span>
              {l.showCurrency ? <span className="text-sm text-muted">{l.unit}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}

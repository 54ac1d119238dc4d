import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { TERMS } from '../terms';
import { termsDate } from '../version-date';

/**
 * "Termos de serviço" (/termos): what a player accepts at registration, readable before and after signing in.
 * The terms are in Portuguese whatever the language chosen (the version that governs in Brazil); the page's
 * own words follow the language, with a note saying so.
 */
export function TermsPage() {
  const { t } = useTranslation('legal');
  const lang = useAppState((s) => s.lang);
  const updated = termsDate(lang);
  return (
    <article className="flex flex-col gap-16 px-16 py-16" aria-labelledby="terms-title">
      <header className="flex flex-col gap-6">
        <h1 id="terms-title" className="text-xl font-bold">
          {t('title')}
        </h1>
        <p className="text-xs text-muted">{t('updated', { date: updated })}</p>
        {lang === 'pt_BR' ? null : (
          <p lang={languageEntry(lang).locale} className="rounded-xl border border-line p-12 text-sm">
            {t('portugueseOnly')}
          </p>
        )}
      </header>
      <nav aria-label={t('contents')} className="flex flex-wrap gap-x-12 text-sm">
        {TERMS.map((s) => (
          <a key={s.id} href={`#${s.id}`} className="inline-flex min-h-44 items-center text-gold underline">
            {s.title}
          </a>
        ))}
      </nav>
      <div lang="pt-BR" className="flex flex-col gap-16">
        {TERMS.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="flex flex-col gap-8">
            <h2 id={`${s.id}-title`} className="text-base font-bold">
              {i + 1}. {s.title}
            </h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="text-sm leading-relaxed text-muted">
                {p}
              </p>
            ))}
            {s.link ? (
              <Link
                to={s.link.to}
                className="inline-flex min-h-44 items-center self-start text-gold underline"
              >
                {s.link.label}
              </Link>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}

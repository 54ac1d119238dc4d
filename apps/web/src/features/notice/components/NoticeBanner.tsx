import { NOTICE_HTML, purifyOptions } from '@aposta/contracts';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { useUi } from '../../../lib/ui';

/** Notice text is HTML from the operator: only inline formatting and links survive sanitising. */
export function sanitizeNotice(html: string): string {
  return DOMPurify.sanitize(html, purifyOptions(NOTICE_HTML));
}

export function NoticeBanner() {
  const { t } = useTranslation('notice');
  const notice = useUi((s) => s.notice);
  const clean = useMemo(() => sanitizeNotice(notice), [notice]);
  if (!clean) return null;
  return (
    <div
      role="status"
      aria-label={t('label')}
      className="mx-12 mt-8 flex items-start gap-8 rounded-xl border border-gold/40 bg-gold/10 px-12 py-8 text-sm"
    >
      <Icon name="bell" className="mt-2 size-16 shrink-0 text-gold" />
      <div
        className="min-w-0 flex-1 break-words [&_a]:text-gold [&_a]:underline"
        data-testid="notice-text"
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      <button
        type="button"
        onClick={() => useUi.setState({ notice: '' })}
        aria-label={t('close')}
        className="-my-10 -mr-12 flex size-44 shrink-0 items-center justify-center text-muted"
      >
        <Icon name="close" className="size-14" />
      </button>
    </div>
  );
}

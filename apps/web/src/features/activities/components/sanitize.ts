import { ACTIVITY_HTML, purifyOptions } from '@aposta/contracts';
import DOMPurify from 'dompurify';

/**
 * An activity's body, sanitised again before it is shown (the server stored it sanitised with the same
 * allow-list, `ACTIVITY_HTML`): a second line if a stored body ever predates a rule.
 */
export function sanitizeActivityBody(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    ...purifyOptions(ACTIVITY_HTML),
    RETURN_DOM_FRAGMENT: true,
  });
  // Images from https only, as on the server.
  clean.querySelectorAll('img').forEach((img) => {
    if (!ACTIVITY_HTML.image.test(img.getAttribute('src') ?? '')) img.removeAttribute('src');
  });
  const box = document.createElement('div');
  box.append(clean);
  return box.innerHTML;
}

import { ACTIVITY_HTML } from '@aposta/contracts';
import DOMPurify from 'dompurify';

/**
 * An activity's body as the server stores it and the player app shows it: DOMPurify with the shared
 * allow-list (`ACTIVITY_HTML`), images from https only. The editor's preview is this, so what an operator
 * sees is what players get.
 */
export function sanitizeActivityBody(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ACTIVITY_HTML.tags,
    ALLOWED_ATTR: [...new Set(Object.values(ACTIVITY_HTML.attributes).flat())],
    ALLOWED_URI_REGEXP: ACTIVITY_HTML.link,
    RETURN_DOM_FRAGMENT: true,
  });
  clean.querySelectorAll('img').forEach((img) => {
    if (!ACTIVITY_HTML.image.test(img.getAttribute('src') ?? '')) img.removeAttribute('src');
  });
  const box = document.createElement('div');
  box.append(clean);
  return box.innerHTML.trim();
}

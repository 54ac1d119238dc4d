import { ACTIVITY_HTML } from '@aposta/contracts';
import { sanitizeHtml } from '../../platform/sanitize';

/** An activity's body as stored: only the tags and attributes of `ACTIVITY_HTML` survive (images: https). */
export const sanitizeActivityHtml = async (html: string) => (await sanitizeHtml(html, ACTIVITY_HTML)).trim();

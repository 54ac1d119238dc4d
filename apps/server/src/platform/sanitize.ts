import { purifyOptions, type HtmlRules } from '@aposta/contracts';
import type { DOMPurify } from 'dompurify';

let purifier: Promise<DOMPurify> | undefined;
/** The image rule of the call running (`sanitize` is synchronous, so one call runs at a time). */
let imageRule: RegExp | undefined;

/**
 * DOMPurify (the library the app sanitises with) on a server-side DOM, made on the first operator save: jsdom
 * is heavy, and only operators' writes need it.
 */
function purify(): Promise<DOMPurify> {
  purifier ??= Promise.all([import('dompurify'), import('jsdom')]).then(
    ([{ default: create }, { JSDOM }]) => {
      const p = create(new JSDOM('').window);
      p.addHook('uponSanitizeAttribute', (node, data) => {
        if (node.nodeName === 'IMG' && data.attrName === 'src' && !imageRule?.test(data.attrValue))
          data.keepAttr = false;
      });
      return p;
    },
  );
  return purifier;
}

/**
 * Operator HTML (notices, activities) as stored: only the tags and attributes of `rules` survive; scripts,
 * event handlers and `javascript:` URLs go.
 */
export async function sanitizeHtml(html: string, rules: HtmlRules): Promise<string> {
  const p = await purify();
  imageRule = rules.image;
  try {
    return p.sanitize(html, purifyOptions(rules));
  } finally {
    imageRule = undefined;
  }
}

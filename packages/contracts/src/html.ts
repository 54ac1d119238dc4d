/**
 * Operator HTML (notices, activities): what survives sanitising — the tags, their attributes, link URLs and,
 * where images are allowed, image sources. The server sanitises before storing, the apps again before showing
 * (and the back office for its preview), all with DOMPurify and the same rules.
 */
export interface HtmlRules {
  tags: readonly string[];
  attributes: Readonly<Record<string, readonly string[]>>;
  link: RegExp;
  image?: RegExp;
}

/** DOMPurify's options for `rules` (image sources are checked by the caller's hook: DOMPurify has no option). */
export function purifyOptions(rules: HtmlRules) {
  return {
    ALLOWED_TAGS: [...rules.tags],
    ALLOWED_ATTR: [...new Set(Object.values(rules.attributes).flat())],
    ALLOWED_URI_REGEXP: rules.link,
  };
}

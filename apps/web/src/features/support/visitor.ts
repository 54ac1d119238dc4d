/**
 * The visitor's conversation token, kept on this device so a visitor finds their chat again. Apart from
 * `api/support.ts` so the support button on home can ask for it without loading the contract's schemas.
 */
const VISITOR_KEY = 'SUPPORT_VISITOR';
export function visitorToken(): string {
  try {
    return localStorage.getItem(VISITOR_KEY) ?? '';
  } catch {
    return '';
  }
}
export function setVisitorToken(token: string) {
  try {
    if (token) localStorage.setItem(VISITOR_KEY, token);
    else localStorage.removeItem(VISITOR_KEY);
  } catch {
    /* private mode: the chat lasts this page only */
  }
}

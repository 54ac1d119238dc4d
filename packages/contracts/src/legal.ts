/**
 * The terms of service's version: the date of the text the app shows at /termos (apps/web features/legal), which a
 * player accepts at registration (`registerRequest.termsVersion`) or later (`ACCEPT_TERMS_PATH`). The server
 * stores it on the player (`users.terms_version`, `terms_accepted_at`) and userInfo answers it, so the app asks
 * again whenever this changes. Kept apart from the schemas (no zod): the signed-in shell compares it on every page.
 */
export const TERMS_VERSION = '2026-12-07';

/** POST `{ termsVersion }`: the signed-in player accepts the current terms (contract `acceptTermsRequest`). */
export const ACCEPT_TERMS_PATH = '/api/app/user/acceptTerms';

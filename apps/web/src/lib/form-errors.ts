import { ErrorCode } from '@aposta/contracts';
import { useCallback, useState } from 'react';
import { ApiError } from './api';

/** The part of a contract schema (zod) that places a refusal: its issues name the field. */
export interface FieldCheck {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
}

export interface Placing<F extends string> {
  /** The contract schema the server checked the body with, loaded on demand (zod stays out of first load). */
  schema?: () => Promise<FieldCheck>;
  /** Refusals whose body code says which field they concern (e.g. a wrong captcha, a taken e-mail). */
  codes?: Partial<Record<number, F | 'form'>>;
  /** Where any other refusal goes; without it, above the submit button. */
  fallback?: F;
}

export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** Refusals the request client's catalogue already answers (sign-out, the deposit overlay, /error). */
const HANDLED: readonly number[] = [
  ErrorCode.SESSION_INVALID,
  ErrorCode.INSUFFICIENT_BALANCE,
  ErrorCode.BLOCKED,
];

/**
 * Which field a refused submission concerns: the field the server names (`data: { field }`, e.g. a CPF that
 * already has an account), else the body code, then the same contract schema the server validated with (its
 * first issue's path is the field the server's message is about), then the form's fallback.
 */
export async function placeRefusal<F extends string>(
  error: unknown,
  values: Record<F, unknown>,
  placing: Placing<F>,
): Promise<FieldErrors<F>> {
  if (!(error instanceof ApiError) || !error.message) return {};
  const named = (error.data as { field?: unknown } | null | undefined)?.field;
  // A code the form places itself comes next: its request asked the client to leave it alone (`handles`).
  let field: F | 'form' | undefined =
    typeof named === 'string' && named in values ? (named as F) : placing.codes?.[error.status];
  if (!field && (HANDLED.includes(error.status) || error.httpStatus === 401)) return {};
  if (!field && error.status === ErrorCode.BAD_REQUEST && placing.schema) {
    const checked = (await placing.schema()).safeParse(values).error?.issues[0]?.path[0];
    if (typeof checked === 'string' && checked in values) field = checked as F;
  }
  return { [field ?? placing.fallback ?? 'form']: error.message } as FieldErrors<F>;
}

/**
 * One mechanism for every form: a refused submission's message (the server's, in the player's language)
 * shows next to the field it concerns instead of in a modal. Requests made this way pass `quiet: true`; the
 * spec's own modal alerts (client-side checks, insufficient balance, session loss) are unchanged.
 */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const show = useCallback(async (error: unknown, values: Record<F, unknown>, placing: Placing<F>) => {
    setErrors(await placeRefusal(error, values, placing));
  }, []);
  /** A field's message goes as soon as the player edits that field. */
  const clear = useCallback((field?: F) => {
    setErrors((e) => {
      if (!field) return {};
      if (!(field in e) && !('form' in e)) return e;
      const { [field]: _gone, form: _form, ...rest } = e as Record<string, string>;
      return rest as FieldErrors<F>;
    });
  }, []);
  /** A message the form found itself (its contract check before sending), placed the same way. */
  const place = useCallback((field: F | 'form', message: string) => {
    setErrors({ [field]: message } as FieldErrors<F>);
  }, []);
  /** Several such messages at once, each beside its field (an empty form: every field it still needs). */
  const placeAll = useCallback((found: FieldErrors<F>) => setErrors(found), []);
  return { errors, show, clear, place, placeAll };
}

import { z } from 'zod';
import { isValidCpf } from './documents';
import { rgMoneyLimit } from './rg';

/**
 * Account calls (spec sections 3, 5, 7). Zod messages are message keys: the server translates them into the
 * request's language, the app into the UI language.
 */

/** The longest name a player gives (registration, KYC); the app's fields stop there and say so. */
export const PLAYER_NAME_MAX = 80;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const AVATAR_COUNT = 36;

/** The client picks a random 8-digit id below 100,000,000 for each captcha (as a string or a number). */
export const captchaCodeId = z
  .union([z.string(), z.number().int().nonnegative()], { error: 'invalidCaptchaId' })
  .transform(String)
  .pipe(z.string().regex(/^\d{1,9}$/, 'invalidCaptchaId'));

/** The spec's clients opt out of the loading indicator with `loading=false` in the body of any call. */
const loadingFlag = { loading: z.union([z.boolean(), z.enum(['true', 'false'])]).optional() };

const captCode = z
  .string({ error: 'captchaRequired' })
  .trim()
  .min(1, 'captchaRequired')
  .max(16, 'captchaRequired');
const email = z
  .string({ error: 'invalidEmail' })
  .trim()
  .max(254, 'invalidEmail')
  .pipe(z.email('invalidEmail'))
  .transform((s) => s.toLowerCase());
const password = z
  .string({ error: 'passwordTooShort' })
  .min(PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong');
const loginPassword = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong');
const optionalText = (max: number) => z.string().trim().max(max, 'fieldTooLong').optional().default('');
/**
 * A terms-of-service version the player accepts. Only the current one (`TERMS_VERSION`) is taken, which the
 * server checks (accounts service): comparing it here made this module import `legal.ts`, which then dragged
 * the schemas' chunk, and zod, into the app's first load beside the shell's own comparison.
 */
const termsVersion = z.string({ error: 'termsVersionOutdated' }).max(32, 'termsVersionOutdated');
const zeroOrOne = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);

export const loginRequest = z.strictObject({
  ...loadingFlag,
  username: email,
  pwd: loginPassword,
  codeId: captchaCodeId,
  captCode,
});
export type LoginRequest = z.input<typeof loginRequest>;

export const registerRequest = z
  .strictObject({
    ...loadingFlag,
    name: optionalText(PLAYER_NAME_MAX),
    // Optional, but a CPF given must be one (KYC would refuse it at the first deposit).
    cardNo: optionalText(20).refine((v) => v === '' || isValidCpf(v), 'invalidCpf'),
    username: email,
    country: z
      .string()
      .trim()
      .regex(/^\+?\d{1,4}$/, 'invalidCountry')
      .optional()
      .default('+55'),
    phone: z
      .string()
      .trim()
      .regex(/^[\d\s()-]{0,20}$/, 'invalidPhone')
      .optional()
      .default(''),
    pwd: password,
    pwd1: z.string({ error: 'passwordMismatch' }).max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
    regcode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{0,16}$/, 'invalidInviteCode')
      .optional()
      .default(''),
    codeId: captchaCodeId,
    captCode,
    isapp: zeroOrOne.optional().default(0),
    /** Date of birth, `YYYY-MM-DD`: required (18+) under the Brazilian profile. */
    birthDate: z.iso
      .date({ error: 'brBirthDateRequired' })
      // A real date of birth: not before 1900, not in the future (year 0000 is a valid ISO date, not a date
      // PostgreSQL stores).
      .refine((d) => d >= '1900-01-01' && d <= new Date().toISOString().slice(0, 10), 'brBirthDateRequired')
      .optional(),
    /** Daily loss limit in major units, asked at registration (Brazilian profile); absent = none. */
    lossLimit: rgMoneyLimit.optional(),
    /** Daily playing-time limit in minutes, asked at registration (Brazilian profile); absent = none. */
    timeLimit: z
      .number({ error: 'rgMinutesInvalid' })
      .int('rgMinutesInvalid')
      .positive('rgMinutesInvalid')
      .max(1_440, 'rgLimitTooLarge')
      .optional(),
    /**
     * The terms of service the player ticked (`TERMS_VERSION`), stored with the time; optional, so a client
     * that does not send it registers as before (nothing recorded).
     */
    termsVersion: termsVersion.optional(),
  })
  .refine((r) => r.pwd === r.pwd1, { message: 'passwordMismatch', path: ['pwd1'] });
export type RegisterRequest = z.input<typeof registerRequest>;

/** `ACCEPT_TERMS_PATH`: the signed-in player accepts the current terms of service (again: no change). */
export const acceptTermsRequest = z.strictObject({ ...loadingFlag, termsVersion });
export type AcceptTermsRequest = z.input<typeof acceptTermsRequest>;

export const tokenAnswer = z.object({ access_token: z.string() });
export type TokenAnswer = z.infer<typeof tokenAnswer>;

export const sendEmailRequest = z.strictObject({ ...loadingFlag, email });
export const checkEmailRequest = z.strictObject({
  ...loadingFlag,
  email,
  code: z
    .union([z.string(), z.number().int()], { error: 'invalidCode' })
    .transform((c) => String(c).trim())
    .pipe(z.string().regex(/^\d{6}$/, 'invalidCode')),
});
export const checkEmailAnswer = z.object({ chkId: z.string() });
export const setPwdRequest = z.strictObject({
  ...loadingFlag,
  nPwd: password,
  chkId: z.string().min(1, 'invalidRequest').max(128, 'invalidRequest'),
});

export const changePasswordRequest = z
  .strictObject({
    ...loadingFlag,
    oldPwd: loginPassword,
    nPwd: password,
  })
  // The same password again would sign the player out everywhere for nothing.
  .refine((r) => r.nPwd !== r.oldPwd, { message: 'passwordUnchanged', path: ['nPwd'] });

export const setHeaderParams = z.strictObject({
  index: z
    .string()
    .regex(/^\d{1,2}$/, 'invalidAvatar')
    .transform(Number)
    .pipe(z.number().max(AVATAR_COUNT - 1, 'invalidAvatar')),
});

/** KYC (editBank overlay): the player's name and CPF; the server stores the CPF as 11 digits. */
export const updateKycRequest = z.strictObject({
  ...loadingFlag,
  name: z
    .string({ error: 'nameRequired' })
    .trim()
    .min(1, 'nameRequired')
    .max(PLAYER_NAME_MAX, 'fieldTooLong'),
  cardNo: z
    .string({ error: 'invalidCpf' })
    .trim()
    .min(1, 'cpfRequired')
    .max(20, 'invalidCpf')
    .refine(isValidCpf, 'invalidCpf')
    .transform((v) => v.replace(/\D/g, '')),
});

/** One-time login link behind /zgo{token}. */
export const loginLinkAnswer = z.object({ token: z.string(), url: z.string() });
export const loginLinkRedeemRequest = z.strictObject({
  ...loadingFlag,
  token: z.string({ error: 'invalidLoginLink' }).regex(/^[A-Za-z0-9_-]{16,128}$/, 'invalidLoginLink'),
});

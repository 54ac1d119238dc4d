import { z } from 'zod';

/**
 * Account calls (spec sections 3, 5, 7). Zod messages are message keys: the server translates them into the
 * request's language, the app into the UI language.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const AVATAR_COUNT = 36;

/** The client picks a random 8-digit id below 100,000,000 for each captcha. */
export const captchaCodeId = z.string().regex(/^\d{1,9}$/, 'invalidCaptchaId');

const captCode = z.string().trim().min(1, 'captchaRequired').max(16, 'captchaRequired');
const email = z
  .string()
  .trim()
  .max(254, 'invalidEmail')
  .pipe(z.email('invalidEmail'))
  .transform((s) => s.toLowerCase());
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong');
const loginPassword = z.string().min(1, 'passwordRequired').max(PASSWORD_MAX_LENGTH, 'passwordTooLong');
const optionalText = (max: number) => z.string().trim().max(max, 'fieldTooLong').optional().default('');
const zeroOrOne = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);

export const loginRequest = z.strictObject({
  username: email,
  pwd: loginPassword,
  codeId: captchaCodeId,
  captCode,
});
export type LoginRequest = z.input<typeof loginRequest>;

export const registerRequest = z
  .strictObject({
    name: optionalText(80),
    cardNo: optionalText(20),
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
    pwd1: z.string().max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
    regcode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{0,16}$/, 'invalidInviteCode')
      .optional()
      .default(''),
    codeId: captchaCodeId,
    captCode,
    isapp: zeroOrOne.optional().default(0),
  })
  .refine((r) => r.pwd === r.pwd1, { message: 'passwordMismatch', path: ['pwd1'] });
export type RegisterRequest = z.input<typeof registerRequest>;

export const tokenAnswer = z.object({ access_token: z.string() });
export type TokenAnswer = z.infer<typeof tokenAnswer>;

export const sendEmailRequest = z.strictObject({ email });
export const checkEmailRequest = z.strictObject({
  email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'invalidCode'),
});
export const checkEmailAnswer = z.object({ chkId: z.string() });
export const setPwdRequest = z.strictObject({
  nPwd: password,
  chkId: z.string().min(1, 'invalidRequest').max(128, 'invalidRequest'),
});

export const changePasswordRequest = z.strictObject({
  oldPwd: loginPassword,
  nPwd: password,
});

export const setHeaderParams = z.strictObject({
  index: z.coerce
    .number()
    .int('invalidAvatar')
    .min(0, 'invalidAvatar')
    .max(AVATAR_COUNT - 1, 'invalidAvatar'),
});

export const updateKycRequest = z.strictObject({
  name: z.string().trim().min(1, 'nameRequired').max(80, 'fieldTooLong'),
  cardNo: z.string().trim().max(20, 'invalidCpf'),
});

/** One-time login link behind /zgo{token}. */
export const loginLinkAnswer = z.object({ token: z.string(), url: z.string() });
export const loginLinkRedeemRequest = z.strictObject({ token: z.string().min(16).max(128) });

import type { LoginRequest, RegisterRequest, TokenAnswer } from '@aposta/contracts';
import { request } from '../../../lib/api';

/** A random 8-digit captcha id (spec: below 100,000,000). */
export function newCodeId(): string {
  return String(10_000_000 + Math.floor(Math.random() * 90_000_000));
}

export function captchaUrl(codeId: string): string {
  return `/api/auth/user/captcha/${codeId}`;
}

export async function login(body: LoginRequest): Promise<string> {
  const { data } = await request<TokenAnswer>('/api/auth/user/restLogin', { json: body, quiet: true });
  return data.access_token;
}

export async function register(body: RegisterRequest): Promise<string> {
  const { data } = await request<TokenAnswer>('/api/auth/user/restRegister', { json: body, quiet: true });
  return data.access_token;
}

/** Redeems a one-time login link (/zgo{token}). */
export async function redeemLoginLink(token: string): Promise<string> {
  const { data } = await request<TokenAnswer>('/api/auth/user/zgo', { json: { token } });
  return data.access_token;
}

/** Sign-in and registration are quiet: the forms show a refusal beside its field (lib/form-errors). */

/** The three steps of password recovery (form-encoded, as the spec sends them). */
export async function sendResetCode(email: string): Promise<string> {
  return (await request<null>('/api/app/main/RESETPWD/sendEmail', { form: { email }, quiet: true })).message;
}

export async function checkResetCode(email: string, code: string): Promise<string> {
  return (
    await request<{ chkId: string }>('/api/app/main/RESETPWD/checkEmail', {
      form: { email, code },
      quiet: true,
    })
  ).data.chkId;
}

export async function setNewPassword(nPwd: string, chkId: string): Promise<string> {
  return (await request<null>('/api/app/main/setPwd', { form: { nPwd, chkId }, quiet: true })).message;
}

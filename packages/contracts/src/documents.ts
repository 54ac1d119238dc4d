/**
 * Brazilian tax ids. Pure functions shared by the server (KYC, payout keys) and the app.
 * Both accept the bare characters or the usual punctuation ("529.982.247-25", "11.222.333/0001-81").
 */

const CPF_SHAPE = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;
/** Since July 2026 the first 12 CNPJ characters may be letters (Receita Federal, IN RFB 2.229/2024). */
const CNPJ_SHAPE = /^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}$/;

/** The value without punctuation, upper-cased (CNPJ letters), or '' for a non-string. */
export function stripDocument(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[.\-/\s]/g, '').toUpperCase() : '';
}

/** The 11-digit CPF when valid (check digits, not a repeated digit), else null. */
export function normalizeCpf(value: unknown): string | null {
  if (typeof value !== 'string' || !CPF_SHAPE.test(value.trim())) return null;
  const digits = stripDocument(value);
  if (/^(\d)\1{10}$/.test(digits)) return null;
  const d = [...digits].map(Number);
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === d[9] && check(10) === d[10] ? digits : null;
}

/** The 14-character CNPJ when valid (numeric or alphanumeric, check digits), else null. */
export function normalizeCnpj(value: unknown): string | null {
  if (typeof value !== 'string' || !CNPJ_SHAPE.test(value.trim().toUpperCase())) return null;
  const chars = stripDocument(value);
  if (/^(\d)\1{13}$/.test(chars)) return null;
  // Each character counts as its ASCII code minus 48: digits keep their value, 'A' is 17.
  const v = [...chars].map((c) => c.charCodeAt(0) - 48);
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += v[i]! * (((len - 1 - i) % 8) + 2);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === v[12] && check(13) === v[13] ? chars : null;
}

export const isValidCpf = (value: unknown): boolean => normalizeCpf(value) !== null;
export const isValidCnpj = (value: unknown): boolean => normalizeCnpj(value) !== null;

/**
 * A CPF as staff and players see it: `12345678909` -> `***.456.789-**`, enough to tell two people apart, not to
 * learn the number. The one rule everywhere: two masks hiding different digits would give the whole CPF together.
 * Another length keeps its last two characters.
 */
export function maskCpf(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (!digits) return '';
  if (digits.length !== 11) return '*'.repeat(Math.max(0, digits.length - 2)) + digits.slice(-2);
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

import { normalizeCnpj, normalizeCpf, type GetWithdrawAnswer, type PayCardBank } from '@aposta/contracts';
import { toMinor } from '@aposta/money';

export interface Payout {
  payCardNo: string;
  name: string;
  whatsapp: string;
}

export type Verdict =
  | { kind: 'refuse'; key: 'locked' | 'noneLeft' | 'nothing' }
  | { kind: 'refuse'; key: 'minimum' | 'maximum'; amount: number }
  | { kind: 'send' }
  | { kind: 'panel' };

/** The payout panel's required fields: account number, holder name (CPF and CNPJ only), WhatsApp. */
export function payoutComplete(type: PayCardBank, p: Payout): boolean {
  return Boolean(p.payCardNo.trim() && p.whatsapp.trim() && (type === 'USDT' || p.name.trim()));
}

/**
 * The spec's withdraw checks, in order (section 5). Amounts in minor units; `amount` null when empty or
 * unreadable. The maximum is the withdrawable amount, never above R$ 10,000.
 */
export function withdrawVerdict(
  limits: GetWithdrawAnswer,
  amount: number | null,
  type: PayCardBank,
  payout: Payout,
): Verdict {
  if (limits.lock) return { kind: 'refuse', key: 'locked' };
  if (limits.number < 1) return { kind: 'refuse', key: 'noneLeft' };
  const withdrawable = toMinor(limits.wdAmount);
  if (withdrawable <= 0) return { kind: 'refuse', key: 'nothing' };
  const min = toMinor(limits.limitAmount);
  if (amount === null || amount < min) return { kind: 'refuse', key: 'minimum', amount: min };
  const max = Math.min(withdrawable, toMinor(limits.maxAmount));
  if (amount > max) return { kind: 'refuse', key: 'maximum', amount: max };
  return payoutComplete(type, payout) ? { kind: 'send' } : { kind: 'panel' };
}

/** Check digits of a CPF or CNPJ key (the server checks them again, and the TRON address). */
export function payoutKeyError(type: PayCardBank, payCardNo: string): 'cpfInvalid' | 'cnpjInvalid' | null {
  if (type === 'CPF') return normalizeCpf(payCardNo) ? null : 'cpfInvalid';
  if (type === 'CNPJ') return normalizeCnpj(payCardNo) ? null : 'cnpjInvalid';
  return null;
}

/**
 * A WhatsApp number the payout team can reach: 10 to 15 digits (Brazil's area code and number, with or without
 * +55; E.164's longest) once the marks people write are dropped. The field only takes digits and those marks.
 */
export function whatsappError(text: string): 'whatsappInvalid' | null {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15 ? null : 'whatsappInvalid';
}

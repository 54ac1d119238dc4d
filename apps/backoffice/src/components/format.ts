import dayjs from 'dayjs';
import i18n from '../i18n';

/** Amounts of the operator answers are major units (reais, 2 decimals), as the withdrawals answer them. */
export const money = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
        style: 'currency',
        currency: 'BRL',
      }).format(value);

/** A share (0.99) as a percentage with two decimals, in the UI's language. */
export const percent = (share: number) =>
  new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(share);

export const time = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('DD/MM/YYYY HH:mm:ss') : '—';

export const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

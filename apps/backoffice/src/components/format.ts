import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from '../i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The platform's clock: operators read and pick times in Brasília time, wherever their computer is. */
export const BRASILIA = 'America/Sao_Paulo';

/** The UI's language as a number locale. */
const locale = () => (i18n.language === 'en' ? 'en-US' : 'pt-BR');

/** Amounts of the operator answers are major units (reais, 2 decimals), as the withdrawals answer them. */
export const money = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : new Intl.NumberFormat(locale(), {
        style: 'currency',
        currency: 'BRL',
      }).format(value);

/** A share (0.99) as a percentage with two decimals, in the UI's language. */
export const percent = (share: number) =>
  new Intl.NumberFormat(locale(), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(share);

/** A number with two decimals (odds, a multiple, a margin), in the UI's language: 2,30 in Portuguese. */
export const decimal = (n: number) =>
  new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** A whole number grouped in thousands, in the UI's language (1.000.000). */
export const count = (n: number) => new Intl.NumberFormat(locale()).format(n);

/** An instant in Brasília time (a computer set to another zone once showed its own clock here). */
export const time = (iso: string | null | undefined) =>
  iso ? dayjs(iso).tz(BRASILIA).format('DD/MM/YYYY HH:mm:ss') : '—';

/**
 * Date pickers show the computer's clock, operators mean Brasília's: `toPicker` hands a picker an instant as
 * its Brasília wall clock, `fromPicker` reads the wall clock picked as Brasília time (a computer in another zone
 * once scheduled an event hours off).
 */
export const toPicker = (at: string | Dayjs) =>
  dayjs(dayjs(at).tz(BRASILIA).format('YYYY-MM-DDTHH:mm:ss.SSS'));
export const fromPicker = (picked: Dayjs) =>
  dayjs.tz(picked.format('YYYY-MM-DDTHH:mm:ss.SSS'), BRASILIA).toISOString();

/** A São Paulo day as the server names it (2026-05-20), as Brazilians write it: 20/05/2026. */
export const brDay = (day: string) => day.split('-').reverse().join('/');

/** A stored JSON value as indented text; nothing recorded (null or absent) is a dash, not the word null. */
export const json = (value: unknown) =>
  value === undefined || value === null ? '—' : JSON.stringify(value, null, 2);

/** A span of seconds as people read it: "45 s", "26 min", "1 h 05 min" ("–" when unknown). */
export const duration = (seconds: number | null | undefined) => {
  if (seconds === null || seconds === undefined) return '–';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  return minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
};

import { useTranslation } from 'react-i18next';

const EVENTS = [
  'created',
  'requested',
  'processing',
  'approved',
  'paid',
  'cancelled',
  'expired',
  'failed',
  'rejected',
  'payoutError',
  'payoutFailed',
  'payerMismatch',
  'overLimit',
  'returned',
] as const;

/** An order event's name in the player's language (an unknown one is shown as the server sent it). */
export function EventName({ event }: { event: string }) {
  const { t } = useTranslation('records');
  return (EVENTS as readonly string[]).includes(event)
    ? t(`events.${event as (typeof EVENTS)[number]}`)
    : event;
}

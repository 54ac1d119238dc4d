import { recordsAnswer, WALLET_RECORDS_PATH, type RecordCategory, type OrderStatus, type RecordsAnswer } from '@aposta/contracts';
import { request } from '../../../lib/api';

export interface RecordFilters {
  type?: RecordCategory;
  status?: OrderStatus;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
}

export const RECORDS_PAGE_SIZE = 20;

/** One page of the player's records, newest first; `cursor` is the previous page's nextCursor. */
export async function fetchRecords(filters: RecordFilters, cursor?: string): Promise<RecordsAnswer> {
  const { data } = await request<unknown>(WALLET_RECORDS_PATH, {
    query: { ...filters, cursor, limit: RECORDS_PAGE_SIZE },
    loading: false,
  });
  return recordsAnswer.parse(data);
}

import type { CrudFilter } from '@refinedev/core';
import { Button, DatePicker, Form, Input, type FormProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRASILIA } from './format';

/** A period picked in a list's filters. */
export type Period = [Dayjs | null, Dayjs | null] | null | undefined;

/** A picked day's start or end in Brasília time (not the computer's zone), as an ISO instant. */
const brasilia = (day: Dayjs | null | undefined, clock: string) =>
  day ? dayjs.tz(`${day.format('YYYY-MM-DD')} ${clock}`, BRASILIA).toISOString() : undefined;

/** The period as the server's `from` (the first day's start) and `to` (the last day's end) filters. */
export const periodFilters = (range: Period): CrudFilter[] => [
  { field: 'from', operator: 'eq', value: brasilia(range?.[0], '00:00:00.000') },
  { field: 'to', operator: 'eq', value: brasilia(range?.[1], '23:59:59.999') },
];

/**
 * A server-filtered list's form (Refine's `searchFormProps`), in one line: a text search (`q`, with
 * `searchHint`), the page's own fields, a period (`range`, with `periodLabel`) and the search button. Pressing
 * Enter in any field searches too.
 */
export function ListFilters({
  formProps,
  label,
  searchHint,
  searchLabel = searchHint,
  periodLabel,
  children,
}: {
  formProps: FormProps;
  label: string;
  searchHint?: string;
  /** The search box's name when it is not its hint. */
  searchLabel?: string;
  periodLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form {...formProps} layout="inline" aria-label={label} style={{ marginBottom: 16, rowGap: 8 }}>
      {searchHint && (
        <Form.Item name="q">
          <Input
            type="search"
            allowClear
            aria-label={searchLabel}
            placeholder={searchHint}
            style={{ width: 340 }}
          />
        </Form.Item>
      )}
      {children}
      {periodLabel && (
        <Form.Item name="range" label={periodLabel}>
          <DatePicker.RangePicker format="DD/MM/YYYY" />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form.Item>
    </Form>
  );
}

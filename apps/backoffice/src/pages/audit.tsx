import {
  AUDIT_KINDS,
  AUDIT_OUTCOMES,
  OPERATOR_PERMISSIONS,
  messages,
  OPERATOR_SESSION_ACTIONS,
  type MessageKey,
  type OperatorAuditRow,
} from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Form, Input, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { json, time } from '../components/format';
import { ListFilters, periodFilters, type Period } from '../components/ListFilters';

interface AuditSearch {
  actor?: string;
  action?: string;
  target?: string;
  outcome?: string;
  range?: Period;
}

const OUTCOME_COLOR = { ok: 'green', refused: 'orange', failed: 'red' } as const;

/** The kinds the view offers: changes (the default), reads only, or both (`''`: no filter). */
const VIEWS = [...AUDIT_KINDS, ''] as const;

/** An action as operators say it ("Aprovação de saque"); its code (`withdrawals.approve`) stays in the tooltip. */
export const actionLabel = (t: TFunction, action: string) =>
  t(`audit.actions.${action}`, { defaultValue: action });

/** A read is a GET, as the server classes it (the request line starts with the method). */
const isRead = (row: OperatorAuditRow) => /^(GET|HEAD) /.test(row.request);

/**
 * The audit log: who did what, to what, when, and how it ended; filters run on the server. Every call is
 * recorded, page views included (who looked at whose data), but the view starts with changes only: reads
 * would bury them.
 */
/**
 * A refusal's reason in words (its code on hover): an access refusal's own words, else the catalogue's message
 * for its code, less the values the audit does not keep; the framework's refusals as one; any other code as it is.
 */
function reasonText(i18n: Pick<I18n, 't' | 'exists' | 'language'>, code: string): string {
  const access = `audit.reasons.${code}`;
  if (i18n.exists(access)) return i18n.t(access);
  // Fastify's own refusals (the body's schema, an empty or malformed body): one reason in words.
  if (code.startsWith('FST_ERR_')) return i18n.t('audit.reasons.invalidRequest');
  const catalogue = messages[i18n.language === 'en' ? 'en' : 'pt_BR'];
  const text = Object.hasOwn(catalogue, code) ? catalogue[code as MessageKey] : undefined;
  return text ? text.replace(/\s*\{\w+\}\s*/g, ' … ').trim() : code;
}

export function AuditPage() {
  const { t, i18n } = useTranslation();
  const { tableProps, searchFormProps, filters, setFilters } = useTable<OperatorAuditRow, never, AuditSearch>(
    {
      resource: 'audit',
      pagination: { pageSize: 50 },
      filters: { initial: [{ field: 'kind', operator: 'eq', value: 'change' }] },
      syncWithLocation: true,
      onSearch: ({ actor, action, target, outcome, range }): CrudFilter[] => [
        { field: 'actor', operator: 'eq', value: actor?.trim() },
        { field: 'action', operator: 'eq', value: action },
        { field: 'target', operator: 'eq', value: target?.trim() },
        { field: 'outcome', operator: 'eq', value: outcome },
        ...periodFilters(range),
      ],
    },
  );
  const actions = [...OPERATOR_PERMISSIONS, ...OPERATOR_SESSION_ACTIONS];
  const kind =
    (filters.find((f) => 'field' in f && f.field === 'kind')?.value as string | undefined) ?? 'change';
  return (
    <List title={t('audit.title')}>
      <Radio.Group
        aria-label={t('audit.view')}
        value={kind}
        onChange={(e) => setFilters([{ field: 'kind', operator: 'eq', value: e.target.value }], 'merge')}
        optionType="button"
        style={{ marginBottom: 16 }}
        options={VIEWS.map((v) => ({ value: v, label: t(`audit.views.${v || 'all'}`) }))}
      />
      <ListFilters formProps={searchFormProps} label={t('audit.filters')} periodLabel={t('audit.period')}>
        <Form.Item name="actor" label={t('audit.actor')}>
          <Input allowClear placeholder={t('audit.actorHint')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select
            allowClear
            showSearch
            style={{ width: 260 }}
            optionFilterProp="label"
            options={actions.map((a) => ({ value: a, label: actionLabel(t, a) }))}
          />
        </Form.Item>
        <Form.Item name="target" label={t('audit.target')}>
          <Input allowClear placeholder="withdrawal:12" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="outcome" label={t('audit.outcome')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`audit.outcomes.${o}`) }))}
          />
        </Form.Item>
      </ListFilters>
      <Table
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: 1000 }}
        expandable={{
          expandedRowRender: (row: OperatorAuditRow) => (
            <Space align="start" size="large" wrap>
              <div>
                <Typography.Text strong>{t('audit.before')}</Typography.Text>
                <pre style={{ margin: 0, maxWidth: 520, whiteSpace: 'pre-wrap' }}>{json(row.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t('audit.after')}</Typography.Text>
                <pre style={{ margin: 0, maxWidth: 520, whiteSpace: 'pre-wrap' }}>{json(row.after)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t('audit.request')}</Typography.Text>
                <pre style={{ margin: 0 }}>{row.request}</pre>
                <Typography.Text type="secondary">IP {row.ip}</Typography.Text>
              </div>
            </Space>
          ),
        }}
      >
        <Table.Column dataIndex="at" title={t('audit.at')} render={time} />
        <Table.Column
          dataIndex="actorEmail"
          title={t('audit.actor')}
          render={(email: string | null, row: OperatorAuditRow) => email ?? row.actorId ?? '—'}
        />
        <Table.Column
          dataIndex="action"
          title={t('audit.action')}
          render={(action: string, row: OperatorAuditRow) => (
            <span title={action}>
              {actionLabel(t, action)}
              {isRead(row) && (
                <Tag bordered={false} style={{ marginInlineStart: 6 }}>
                  {t('audit.read')}
                </Tag>
              )}
            </span>
          )}
        />
        <Table.Column dataIndex="target" title={t('audit.target')} render={(v: string | null) => v ?? '—'} />
        <Table.Column
          dataIndex="outcome"
          title={t('audit.outcome')}
          render={(o: OperatorAuditRow['outcome'], row: OperatorAuditRow) => (
            <Tag color={OUTCOME_COLOR[o]}>
              {t(`audit.outcomes.${o}`)} · {row.httpStatus}
            </Tag>
          )}
        />
        <Table.Column
          dataIndex="reason"
          title={t('audit.reason')}
          render={(code: string | null) => (code ? <span title={code}>{reasonText(i18n, code)}</span> : '')}
        />
      </Table>
    </List>
  );
}

import {
  RG_MAX_BETS,
  RG_OPERATOR_KINDS,
  RG_PERIODS,
  rgOperatorLimitsRequest,
  type RgOperatorLimitsRequest,
  type RgOperatorPlayer,
  type RgPeriod,
} from '@aposta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api, ApiError } from '../api/http';
import { MoneyInput, NumberInput } from './inputs';
import { refusedPaths } from './refusal';

type Kind = (typeof RG_OPERATOR_KINDS)[number];
type Values = Record<Kind, Record<RgPeriod, number | null>>;

const valuesOf = (rg: RgOperatorPlayer): Values =>
  Object.fromEntries(
    RG_OPERATOR_KINDS.map((k) => [
      k,
      Object.fromEntries(RG_PERIODS.map((p) => [p, rg.limits[k][p].operatorValue ?? null])),
    ]),
  ) as Values;

/**
 * The limits an operator imposes on a player (PUT /api/operator/rg/players/:id/limits, `rg.write`): one field per
 * kind and period, in reais (the number of bets: a whole count), empty = none. Only the changed fields are sent, with the version the view read; the
 * server's refusal (its translated message) is shown beside the field(s) it concerns, a stale form above.
 */
export function OperatorLimitsCard({ rg }: { rg: RgOperatorPlayer }) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const initial = valuesOf(rg);
  const editable = allowed('rg.write');
  const label = (kind: Kind, p: RgPeriod) => `${t(`rg.kinds.${kind}`)} · ${t(`rg.periods.${p}`)}`;

  const save = async () => {
    const current = form.getFieldsValue(true) as Values;
    const body: RgOperatorLimitsRequest = { version: rg.version ?? 0 };
    const changed: string[] = [];
    for (const k of RG_OPERATOR_KINDS)
      for (const p of RG_PERIODS) {
        const v = current[k]?.[p] ?? null;
        if (v === initial[k][p]) continue;
        (body[k] ??= {})[p] = v;
        changed.push(`${k}.${p}`);
      }
    setFieldErrors({});
    setFormError(undefined);
    if (!changed.length) return;
    setBusy(true);
    try {
      await api('put', `/api/operator/rg/players/${rg.userId}/limits`, { body });
      void message.success(t('rg.saved'));
      await queries.invalidateQueries({ queryKey: ['api'] });
    } catch (err) {
      const text = (err as Error).message;
      // A refused value belongs beside its field (the ones the shared schema refuses too; the changed ones when
      // it names none); a stale form or another failure above the form.
      if (err instanceof ApiError && err.statusCode === 400) {
        const refused = refusedPaths(err, rgOperatorLimitsRequest, body)
          .map((path) => path.join('.'))
          .filter((f) => changed.includes(f));
        setFieldErrors(Object.fromEntries((refused.length ? refused : changed).map((c) => [c, text])));
      } else setFormError(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('rg.operatorLimits')} data-testid="operator-limits">
      <Typography.Paragraph type="secondary">
        {editable ? t('rg.operatorLimitsHelp') : t('rg.operatorLimitsReadOnly')}
      </Typography.Paragraph>
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        initialValues={initial}
        key={`${rg.userId}:${rg.version ?? 0}`}
        disabled={!editable}
        onFinish={save}
        aria-label={t('rg.operatorLimits')}
      >
        {/* On a phone the table scrolls inside the card: squeezed to the screen, an amount's field was a sliver. */}
        <Table
          size="small"
          pagination={false}
          rowKey="kind"
          scroll={{ x: 600 }}
          dataSource={RG_OPERATOR_KINDS.map((kind) => ({ kind }))}
          columns={[
            { title: t('rg.limit'), dataIndex: 'kind', render: (k: string) => t(`rg.kinds.${k}`) },
            ...RG_PERIODS.map((p) => ({
              title: t(`rg.periods.${p}`),
              render: (_: unknown, row: { kind: Kind }) => {
                const error = fieldErrors[`${row.kind}.${p}`];
                return (
                  <Form.Item
                    name={[row.kind, p]}
                    style={{ marginBottom: 0 }}
                    validateStatus={error ? 'error' : undefined}
                    help={error}
                  >
                    {row.kind === 'bets' ? (
                      <NumberInput
                        min={1}
                        max={RG_MAX_BETS}
                        style={{ width: '100%', maxWidth: 200 }}
                        placeholder={t('rg.none')}
                        aria-label={label(row.kind, p)}
                      />
                    ) : (
                      <MoneyInput
                        style={{ width: '100%', maxWidth: 200 }}
                        placeholder={t('rg.none')}
                        aria-label={label(row.kind, p)}
                      />
                    )}
                  </Form.Item>
                );
              },
            })),
          ]}
        />
        {editable && (
          <Space style={{ marginTop: 12 }}>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('rg.save')}
            </Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}

import { RG_KINDS as KINDS, RG_PERIODS as PERIODS, type RgLimit, type RgLimits } from '@aposta/contracts';
import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { money, time } from './format';

/**
 * A player's responsible-gambling limits as the player sees them (money in reais, time in minutes, bets as a
 * count), with an operator's limit beside the player's own (the lower of the two binds).
 */
export function LimitsTable({ limits }: { limits: RgLimits }) {
  const { t } = useTranslation();
  const cell = (kind: (typeof KINDS)[number], l: RgLimit) => {
    const fmt = (v: number | null) =>
      v === null ? '—' : kind === 'time' ? `${v} min` : kind === 'bets' ? String(v) : money(v);
    return (
      <>
        {fmt(l.value)}{' '}
        <small>
          ({t('rg.used')} {fmt(l.used)})
        </small>
        {l.operatorValue != null && (
          <div>
            <Tag color="volcano" style={{ marginTop: 2 }}>
              {t('rg.operatorLimit', { value: fmt(l.operatorValue) })}
            </Tag>
          </div>
        )}
        {l.pending && (
          <div>
            <small>{t('rg.pending', { value: fmt(l.pending.value), at: time(l.pending.effectiveAt) })}</small>
          </div>
        )}
      </>
    );
  };
  return (
    <>
      <Table
        size="small"
        pagination={false}
        rowKey="kind"
        dataSource={KINDS.map((kind) => ({ kind }))}
        columns={[
          { title: t('rg.limit'), dataIndex: 'kind', render: (k: string) => t(`rg.kinds.${k}`) },
          ...PERIODS.map((p) => ({
            title: t(`rg.periods.${p}`),
            render: (_: unknown, row: { kind: (typeof KINDS)[number] }) =>
              cell(row.kind, limits[row.kind][p]),
          })),
        ]}
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('rg.realityCheck')}>
          {limits.realityCheckMinutes === null ? '—' : `${limits.realityCheckMinutes} min`}
        </Descriptions.Item>
        <Descriptions.Item label={t('rg.exclusion')}>
          {limits.exclusion
            ? `${t(`risk.exclusion.${limits.exclusion.kind}`, { until: time(limits.exclusion.endsAt) })}`
            : '—'}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

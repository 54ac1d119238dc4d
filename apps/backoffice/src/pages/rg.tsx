import type { RgOperatorPlayer } from '@aposta/contracts';
import { List } from '@refinedev/antd';
import { Alert, Card, Form, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { money, time } from '../components/format';
import { LimitsTable } from '../components/LimitsTable';
import { OperatorLimitsCard } from '../components/OperatorLimitsCard';
import { useApiQuery } from '../components/useApiQuery';

/**
 * A player's responsible-gambling record: limits (the operator's own editable with `rg.write`), every exclusion
 * and the last reality checks.
 */
export function RgPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const [input, setInput] = useState(userId);
  const numeric = /^\d+$/.test(userId);
  const rg = useApiQuery<RgOperatorPlayer>(numeric ? `/api/operator/rg/players/${userId}` : null);
  // Anything but an id is said beside the field, not silently ignored.
  const wrong = userId !== '' && !numeric;
  return (
    <List title={t('rg.title')}>
      <Form.Item
        validateStatus={wrong ? 'error' : undefined}
        help={wrong ? t('rg.userIdDigits') : undefined}
        style={{ maxWidth: 360, marginBottom: 16 }}
      >
        <Input.Search
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onSearch={(v) => setParams(v.trim() ? { userId: v.trim() } : {})}
          placeholder={t('rg.userId')}
          aria-label={t('rg.userId')}
          status={wrong ? 'error' : undefined}
          enterButton
        />
      </Form.Item>
      {rg.error && <Alert type="error" showIcon message={rg.error.message} />}
      {rg.data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small" title={t('rg.limits')}>
            <LimitsTable limits={rg.data.limits} />
          </Card>
          <OperatorLimitsCard rg={rg.data} />
          <Card size="small" title={t('rg.exclusions')}>
            <Table
              size="small"
              rowKey="startsAt"
              pagination={false}
              dataSource={rg.data.exclusions}
              columns={[
                {
                  title: t('rg.kind'),
                  dataIndex: 'kind',
                  render: (k: string) => t(`rg.exclusionKinds.${k}`),
                },
                { title: t('rg.startsAt'), dataIndex: 'startsAt', render: time },
                {
                  title: t('rg.endsAt'),
                  dataIndex: 'endsAt',
                  render: (v: string | null) => (v ? time(v) : t('rg.permanent')),
                },
              ]}
            />
          </Card>
          <Card size="small" title={t('rg.realityChecks')}>
            <Table
              size="small"
              rowKey="shownAt"
              dataSource={rg.data.realityChecks}
              columns={[
                { title: t('rg.shownAt'), dataIndex: 'shownAt', render: time },
                { title: t('rg.minutesPlayed'), dataIndex: 'minutesPlayed' },
                { title: t('rg.netResult'), dataIndex: 'netResult', render: money },
              ]}
            />
          </Card>
        </Space>
      )}
    </List>
  );
}

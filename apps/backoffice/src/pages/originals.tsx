import { ORIGINALS_PATH, type OriginalsConfig } from '@aposta/contracts';
import { List } from '@refinedev/antd';
import { Alert, Card, Col, Form, Row, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { money, percent } from '../components/format';
import { centavos, MoneyInput, reais } from '../components/inputs';
import { notBelowField } from '../components/rules';
import { SettingsCard, useSettings } from '../components/SettingsCard';
import { useApiQuery } from '../components/useApiQuery';

const LIMITS = ['originals.minStake', 'originals.maxStake', 'originals.maxPayout'] as const;
type Limits = { minStake: number; maxStake: number; maxPayout: number };

/**
 * The originals' limits (settings: minimum and maximum stake, largest payout of one bet), saved with the stale
 * check, and each game's declared RTP and house edge as players see them (GET /api/app/originals/config). The
 * edges are the games' own rules (packages/fairness, DECLARED_RTP), which players can verify; they are not a
 * setting.
 */
export function OriginalsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const config = useApiQuery<OriginalsConfig>(`${ORIGINALS_PATH}/config`);
  // Required, and at least a centavo (the settings' own bound): said beside the field before the server is asked.
  const required: Rule[] = [
    { required: true, message: t('common.required') },
    { type: 'number', min: 0.01, message: t('settings.atLeast', { min: money(0.01) }) },
  ];
  const games = Object.entries(config.data?.games ?? {}).map(([game, g]) => ({ game, ...g }));
  return (
    <List title={t('originals.title')}>
      {settings.error && <Alert type="error" showIcon message={settings.error.message} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <SettingsCard<Limits>
            title={t('originals.limits')}
            keys={[...LIMITS]}
            settings={settings}
            toForm={(s) => ({
              minStake: reais(s['originals.minStake'] as number),
              maxStake: reais(s['originals.maxStake'] as number),
              maxPayout: reais(s['originals.maxPayout'] as number),
            })}
            fromForm={(v) => ({
              'originals.minStake': centavos(v.minStake),
              'originals.maxStake': centavos(v.maxStake),
              'originals.maxPayout': centavos(v.maxPayout),
            })}
            // A refused limit is shown beside its field, named as the operator knows it (not by its setting key).
            fieldOf={(key) => {
              const name = key.replace(/^originals\./, '') as keyof Limits;
              return (LIMITS as readonly string[]).includes(key)
                ? { name, label: t(`originals.${name}`) }
                : undefined;
            }}
          >
            <Form.Item name="minStake" label={t('originals.minStake')} rules={required}>
              <MoneyInput min={0.01} />
            </Form.Item>
            <Form.Item
              name="maxStake"
              label={t('originals.maxStake')}
              dependencies={['minStake']}
              rules={[...required, notBelowField('minStake', () => t('originals.minAboveMax'))]}
            >
              <MoneyInput min={0.01} />
            </Form.Item>
            <Form.Item
              name="maxPayout"
              label={t('originals.maxPayout')}
              extra={t('originals.maxPayoutHelp')}
              dependencies={['maxStake']}
              rules={[
                ...required,
                // Below the largest stake, every bet at it would be refused (a typo stopped every original).
                notBelowField('maxStake', () => t('originals.payoutBelowMaxStake')),
              ]}
            >
              <MoneyInput min={0.01} />
            </Form.Item>
          </SettingsCard>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('originals.edges')}>
            {config.error && <Alert type="error" showIcon message={config.error.message} />}
            <Table
              size="small"
              rowKey="game"
              pagination={false}
              loading={config.isLoading}
              dataSource={games}
              columns={[
                {
                  title: t('originals.game'),
                  dataIndex: 'game',
                  render: (g: string) => t(`originals.games.${g}`, { defaultValue: g }),
                },
                { title: 'RTP', dataIndex: 'rtp', render: percent, align: 'right' },
                { title: t('originals.edge'), dataIndex: 'houseEdge', render: percent, align: 'right' },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('originals.edgesHelp')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </List>
  );
}

import { ROUND_GAMES, ROUNDS_PATH, type RoundChain, type RoundGame } from '@aposta/contracts';
import { List } from '@refinedev/antd';
import { Alert, Card, Col, Descriptions, Progress, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { ConfirmButton, useRun } from '../components/actions';
import { time } from '../components/format';
import { useApiQuery } from '../components/useApiQuery';

/** Shared rounds' hash chains: the active one per game, and a new chain on demand (rounds.chains). */
export function RoundsPage() {
  const { t } = useTranslation();
  return (
    <List title={t('rounds.title')}>
      <Row gutter={[16, 16]}>
        {ROUND_GAMES.map((game) => (
          <Col key={game} xs={24} md={12} xl={8}>
            <ChainCard game={game} />
          </Col>
        ))}
      </Row>
    </List>
  );
}

function ChainCard({ game }: { game: RoundGame }) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const run = useRun();
  const chain = useApiQuery<RoundChain>(`${ROUNDS_PATH}/${game}/chain`);
  const c = chain.data;
  return (
    <Card
      size="small"
      title={t(`rounds.games.${game}`, { defaultValue: game })}
      loading={chain.isLoading}
      extra={
        allowed('rounds.chains') && (
          <ConfirmButton
            title={t('rounds.newConfirm')}
            onConfirm={() =>
              run(
                () => api<RoundChain>('post', `/api/operator/rounds/${game}/chain`),
                () => void chain.refetch(),
              )
            }
          >
            {t('rounds.new')}
          </ConfirmButton>
        )
      }
    >
      {chain.error && <Alert type="error" showIcon message={chain.error.message} />}
      {c && (
        <>
          <Progress percent={Math.round((c.used / c.length) * 100)} size="small" />
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('rounds.chain')}>#{c.chainId}</Descriptions.Item>
            <Descriptions.Item label={t('rounds.used')}>
              {c.used} / {c.length}
            </Descriptions.Item>
            <Descriptions.Item label={t('rounds.commitment')}>
              <Typography.Text code copyable ellipsis style={{ maxWidth: 220 }}>
                {c.commitment}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('rounds.committedAt')}>{time(c.committedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('rounds.salt')}>
              {c.salt ? (
                <Typography.Text code ellipsis style={{ maxWidth: 220 }}>
                  {c.salt}
                </Typography.Text>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Card>
  );
}

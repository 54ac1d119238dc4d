import {
  ROUND_GAMES,
  ROUNDS_PATH,
  type OperatorRound,
  type OperatorRoundBet,
  type OperatorRoundBetsPage,
  type OperatorRoundsPage,
  type RoundChain,
  type RoundGame,
} from '@aposta/contracts';
import { List } from '@refinedev/antd';
import { Alert, Card, Col, Descriptions, Progress, Radio, Row, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { ConfirmButton, useRun } from '../components/actions';
import { decimal, money, time } from '../components/format';
import { useApiQuery } from '../components/useApiQuery';

/**
 * Shared rounds (rounds.chains): each game's active hash chain with a new chain on demand, and every round of
 * a game, paged by the server, with its bets on expand.
 */
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
        <Col span={24}>
          <History />
        </Col>
      </Row>
    </List>
  );
}

const OPERATOR_ROUNDS = '/api/operator/rounds';
const STATE_COLOR: Record<OperatorRound['state'], string | undefined> = {
  betting: 'blue',
  running: 'gold',
  drawn: 'purple',
  settled: 'green',
  void: undefined,
};

/** A page of a back-office list read through useApiQuery, with the table's pagination bound to it. */
function usePage<T>(path: string, pageSize: number) {
  const [page, setPage] = useState(1);
  const answer = useApiQuery<{ list: T[]; total: number }>(path, { page, pageSize });
  return {
    answer,
    setPage,
    pagination: {
      current: page,
      pageSize,
      total: answer.data?.total ?? 0,
      showSizeChanger: false,
      onChange: setPage,
    },
  };
}

function History() {
  const { t } = useTranslation();
  const [game, setGame] = useState<RoundGame>('double');
  return (
    <Card size="small" title={t('rounds.history')}>
      {/* Buttons that wrap on a phone, as the other lists' filters (a segmented control did not). */}
      <Radio.Group
        size="small"
        optionType="button"
        value={game}
        onChange={(e) => setGame(e.target.value as RoundGame)}
        style={{ marginBottom: 12 }}
        options={ROUND_GAMES.map((g) => ({ value: g, label: t(`rounds.games.${g}`) }))}
      />
      <HistoryTable key={game} game={game} />
    </Card>
  );
}

function HistoryTable({ game }: { game: RoundGame }) {
  const { t } = useTranslation();
  const { answer, pagination } = usePage<OperatorRound>(`${OPERATOR_ROUNDS}/${game}/history`, 20);
  const crash = game === 'crash';
  return (
    <>
      {answer.error && <Alert type="error" showIcon message={answer.error.message} />}
      <Table<OperatorRound>
        size="small"
        rowKey="roundId"
        data-testid="rounds-history"
        loading={answer.isFetching}
        dataSource={(answer.data as OperatorRoundsPage | undefined)?.list}
        pagination={pagination}
        scroll={{ x: 1100 }}
        expandable={{ expandedRowRender: (r) => <RoundBets game={game} round={r} /> }}
        columns={[
          {
            title: t('rounds.round'),
            dataIndex: 'roundId',
            render: (id: string, r) => (
              <>
                #{id}
                {r.period && <div style={{ fontSize: 12, opacity: 0.7 }}>{r.period}</div>}
              </>
            ),
          },
          {
            title: t('rounds.chain'),
            key: 'chain',
            render: (_: unknown, r) => `#${r.chainId} · ${r.chainIndex}`,
          },
          {
            title: t('rounds.hash'),
            dataIndex: 'hash',
            render: (h: string | null) =>
              h ? (
                <Typography.Text code copyable={{ text: h }} style={{ fontSize: 12 }}>
                  {h.slice(0, 12)}…
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: t('rounds.result'),
            dataIndex: 'result',
            render: (v: number | null) => (v === null ? '—' : crash ? `${decimal(v)}×` : v),
          },
          { title: t('rounds.bets'), dataIndex: 'betCount' },
          { title: t('rounds.stakes'), dataIndex: 'stakes', render: money },
          { title: t('rounds.payouts'), dataIndex: 'payouts', render: money },
          {
            title: t('common.status'),
            dataIndex: 'state',
            render: (s: OperatorRound['state']) => (
              <Tag color={STATE_COLOR[s]}>{t(`rounds.states.${s}`)}</Tag>
            ),
          },
          { title: t('rounds.opensAt'), dataIndex: 'opensAt', render: time },
          { title: t('rounds.resultAt'), dataIndex: 'resultAt', render: time },
          { title: t('rounds.settledAt'), dataIndex: 'settledAt', render: time },
        ]}
      />
    </>
  );
}

/** A round's bets, paged by the server; each player links to the profile. */
function RoundBets({ game, round }: { game: RoundGame; round: OperatorRound }) {
  const { t } = useTranslation();
  const { answer, pagination } = usePage<OperatorRoundBet>(
    `${OPERATOR_ROUNDS}/${game}/history/${round.roundId}/bets`,
    10,
  );
  const multiple = (v: number | null) => (v === null ? '—' : `${decimal(v)}×`);
  return (
    <>
      {answer.error && <Alert type="error" showIcon message={answer.error.message} />}
      <Table<OperatorRoundBet>
        size="small"
        rowKey="betId"
        data-testid={`round-bets-${round.roundId}`}
        loading={answer.isFetching}
        dataSource={(answer.data as OperatorRoundBetsPage | undefined)?.list}
        pagination={pagination}
        locale={{ emptyText: t('rounds.noBets') }}
        columns={[
          { title: t('rounds.bet'), dataIndex: 'betId', render: (id: string) => `#${id}` },
          {
            title: t('common.player'),
            key: 'player',
            render: (_: unknown, b) => <Link to={`/players/${b.userId}`}>{`#${b.userId} ${b.player}`}</Link>,
          },
          { title: t('common.amount'), dataIndex: 'amount', render: money },
          ...(game === 'crash'
            ? [
                { title: t('rounds.autoCashout'), dataIndex: 'autoCashout', render: multiple },
                { title: t('rounds.cashout'), dataIndex: 'cashout', render: multiple },
              ]
            : [{ title: t('rounds.pick'), dataIndex: 'pick' }]),
          { title: t('rounds.payout'), dataIndex: 'payout', render: money },
          { title: t('common.status'), dataIndex: 'state' },
          { title: t('players.time'), dataIndex: 'createdAt', render: time },
        ]}
      />
    </>
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

import {
  BET_PRODUCTS,
  type PlayerBet,
  type PlayerDetail,
  type PlayerDetailRow,
  type PlayerLedgerLine,
  type RgOperatorPlayer,
} from '@aposta/contracts';
import { Show, useTable } from '@refinedev/antd';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  List as AntList,
  Radio,
  Row,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAllowed } from '../api/access';
import { api, ApiError } from '../api/http';
import { ConfirmButton, TextActionButton, useRun } from '../components/actions';
import { money, time } from '../components/format';
import { LimitsTable } from '../components/LimitsTable';
import { OperatorLimitsCard } from '../components/OperatorLimitsCard';
import { PlayerBonuses } from '../components/PlayerBonuses';
import { StaleAlert } from '../components/StaleAlert';
import { useApiQuery } from '../components/useApiQuery';
import { PLAYER_STATUS_COLOR } from './players';

/**
 * An amount on one line: a narrow column once put the minus of "-R$ 50,00" on a line of its own (the space
 * inside is already a non-breaking one).
 */
const amount = (value: number | null | undefined) => (
  <span style={{ whiteSpace: 'nowrap' }}>{money(value)}</span>
);

/**
 * A player's profile: balances, VIP, referral chain, KYC, sessions, IPs and devices, ledger, bets, limits and
 * notes; block, unblock, sign-out and the test mark. Writes carry the `version` read: a change made by
 * someone else meanwhile is refused (409) and its message shown at the top, with a reload.
 */
export function PlayerShow() {
  const { id } = useParams();
  const { t } = useTranslation();
  const allowed = useAllowed();
  const run = useRun();
  const path = `/api/operator/players/${id}`;
  const detail = useApiQuery<PlayerDetail>(path);
  const [stale, setStale] = useState<string>();
  const d = detail.data;

  /** A write of this player: a 409 (stale form) stays on screen until reloaded. */
  const write = async (action: string, body?: object) => {
    try {
      await api('post', `${path}/${action}`, { body });
      await detail.refetch();
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 409) setStale(err.message);
      throw err;
    }
  };
  const version = d?.player.version ?? 0;

  return (
    <Show
      title={d ? `${d.player.name || d.player.email} · #${d.player.id}` : t('players.profile')}
      isLoading={detail.isLoading}
      headerButtons={() =>
        d &&
        allowed('players.write') && (
          <Space wrap>
            {d.player.status === 'blocked' ? (
              <ConfirmButton
                size="middle"
                title={t('players.unblockConfirm')}
                onConfirm={() => run(() => write('unblock', { version }))}
              >
                {t('players.unblock')}
              </ConfirmButton>
            ) : (
              <TextActionButton
                size="middle"
                danger
                title={t('players.blockTitle')}
                label={t('players.blockReason')}
                required
                maxLength={500}
                onSubmit={(reason) => write('block', { reason, version })}
              >
                {t('players.block')}
              </TextActionButton>
            )}
            <ConfirmButton
              size="middle"
              title={t('players.signoutConfirm')}
              onConfirm={() => run(() => write('signout'))}
            >
              {t('players.signout')}
            </ConfirmButton>
            <ConfirmButton
              size="middle"
              title={d.player.test ? t('players.untestConfirm') : t('players.testConfirm')}
              onConfirm={() => run(() => write('test', { test: !d.player.test, version }))}
            >
              {d.player.test ? t('players.untest') : t('players.markTest')}
            </ConfirmButton>
          </Space>
        )
      }
    >
      {detail.error && <Alert type="error" showIcon message={detail.error.message} />}
      {stale && (
        <StaleAlert
          message={stale}
          onReload={() => {
            setStale(undefined);
            void detail.refetch();
          }}
        />
      )}
      {d && (
        <Tabs
          items={[
            { key: 'overview', label: t('players.tabs.overview'), children: <Overview detail={d} /> },
            { key: 'sessions', label: t('players.tabs.sessions'), children: <Sessions detail={d} /> },
            { key: 'ledger', label: t('players.tabs.ledger'), children: <Ledger id={d.player.id} /> },
            { key: 'bets', label: t('players.tabs.bets'), children: <Bets id={d.player.id} /> },
            ...(allowed('promo.manage')
              ? [
                  {
                    key: 'bonuses',
                    label: t('players.tabs.bonuses'),
                    children: <PlayerBonuses userId={d.player.id} onChanged={() => void detail.refetch()} />,
                  },
                ]
              : []),
            {
              key: 'limits',
              label: t('players.tabs.limits'),
              children: (
                <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                  <LimitsTable limits={d.limits} />
                  {allowed('rg.read') && <PlayerOperatorLimits id={d.player.id} />}
                </Space>
              ),
            },
            {
              key: 'notes',
              label: t('players.tabs.notes', { count: d.notes.length }),
              children: <Notes detail={d} onAdded={() => void detail.refetch()} />,
            },
          ]}
        />
      )}
    </Show>
  );
}

/** The limits an operator imposes on this player, from the RG view (its version for the stale check). */
function PlayerOperatorLimits({ id }: { id: number }) {
  const rg = useApiQuery<RgOperatorPlayer>(`/api/operator/rg/players/${id}`);
  if (rg.error) return <Alert type="error" showIcon message={rg.error.message} />;
  return rg.data ? <OperatorLimitsCard rg={rg.data} /> : null;
}

function PlayerFacts({ p }: { p: PlayerDetailRow }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      <Descriptions.Item label={t('players.email')}>{p.email}</Descriptions.Item>
      <Descriptions.Item label={t('players.name')}>{p.name}</Descriptions.Item>
      <Descriptions.Item label="CPF">{p.cpfMasked || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('players.phone')}>{p.phone || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('players.birthDate')}>{p.birthDate ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('players.terms')}>
        <span data-testid="player-terms">
          {p.termsVersion
            ? t('players.termsAccepted', { version: p.termsVersion, at: time(p.termsAcceptedAt) })
            : '—'}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('players.code')}>{p.yqm}</Descriptions.Item>
      <Descriptions.Item label={t('common.createdAt')}>{time(p.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t('common.status')}>
        <Tag color={PLAYER_STATUS_COLOR[p.status]} data-testid="player-status">
          {t(`players.status.${p.status}`)}
        </Tag>
        {p.test && <Tag data-testid="player-test">{t('players.test')}</Tag>}
        {p.playMoney && <Tag>{t('players.playMoney')}</Tag>}
        {p.blockReason && (
          <div>
            <small>
              {p.blockReason} · {time(p.blockedAt)}
            </small>
          </div>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Overview({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PlayerFacts p={detail.player} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('players.balances')}>
            {/* Wider than a phone: the table scrolls inside its card, not the page. */}
            <Table
              size="small"
              pagination={false}
              scroll={{ x: true }}
              rowKey={(b) => `${b.book}:${b.kind}:${b.currency}`}
              dataSource={detail.balances}
              columns={[
                { title: t('players.book'), dataIndex: 'book', render: (v: string) => label(t, 'books', v) },
                { title: t('players.kind'), dataIndex: 'kind', render: (v: string) => label(t, 'kinds', v) },
                { title: t('players.balance'), dataIndex: 'balance', render: amount },
                { title: t('players.held'), dataIndex: 'held', render: amount },
                // What the players list shows as the player's balance: the balance less what is held.
                {
                  title: t('players.available'),
                  key: 'available',
                  render: (_: unknown, b: PlayerDetail['balances'][number]) => amount(b.balance - b.held),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="VIP / KYC">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('players.vipLevel')}>{detail.vip.level}</Descriptions.Item>
              <Descriptions.Item label={t('players.turnover')}>
                {amount(detail.vip.turnover)}
              </Descriptions.Item>
              <Descriptions.Item label={t('players.deposits')}>
                {amount(detail.vip.deposits)}
              </Descriptions.Item>
              <Descriptions.Item label="KYC">
                {detail.kyc.verified ? (
                  <Tag color="green">{t('players.kycVerified')}</Tag>
                ) : (
                  <Tag>{t('players.kycMissing')}</Tag>
                )}
                {detail.kyc.name}
                {/* The item's content is a flex box, where a space between the two would be dropped. */}
                <span style={{ whiteSpace: 'nowrap', marginInlineStart: 6 }}>{detail.kyc.cpfMasked}</span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('players.referral')}>
            <Typography.Text strong>{t('players.inviters')}</Typography.Text>
            {detail.referral.inviters.length === 0 ? (
              <div>—</div>
            ) : (
              <ol>
                {detail.referral.inviters.map((i) => (
                  <li key={i.level}>
                    {t('players.level', { level: i.level })}: <Link to={`/players/${i.id}`}>{i.email}</Link>
                  </li>
                ))}
              </ol>
            )}
            <Typography.Text strong>{t('players.invitees')}</Typography.Text>
            <div>
              {detail.referral.invitees.map((i) => (
                <Tag key={i.level}>
                  {t('players.level', { level: i.level })}: {i.persons}
                </Tag>
              ))}
            </div>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

function Sessions({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="id"
        dataSource={detail.sessions}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 800 }}
        columns={[
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: time },
          { title: t('players.lastSeen'), dataIndex: 'lastSeenAt', render: time },
          { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
          {
            title: t('players.device'),
            dataIndex: 'device',
            ellipsis: true,
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('common.status'),
            dataIndex: 'active',
            render: (a: boolean) =>
              a ? <Tag color="green">{t('players.active')}</Tag> : <Tag>{t('players.ended')}</Tag>,
          },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Table
            size="small"
            rowKey="ip"
            scroll={{ x: true }}
            title={() => t('players.ips')}
            dataSource={detail.ips}
            pagination={false}
            columns={[
              { title: 'IP', dataIndex: 'ip' },
              { title: t('players.count'), dataIndex: 'count' },
              { title: t('players.lastSeen'), dataIndex: 'lastSeenAt', render: time },
            ]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Table
            size="small"
            rowKey="device"
            scroll={{ x: true }}
            title={() => t('players.devices')}
            dataSource={detail.devices}
            pagination={false}
            columns={[
              { title: t('players.device'), dataIndex: 'device', ellipsis: true },
              { title: t('players.count'), dataIndex: 'count' },
              { title: t('players.lastSeen'), dataIndex: 'lastSeenAt', render: time },
            ]}
          />
        </Col>
      </Row>
    </Space>
  );
}

/** A code the server sends (a transaction type, an account kind, a bet's status) in the operator's words. */
const label = (t: TFunction, group: 'txTypes' | 'kinds' | 'books' | 'betStatus', code: string) =>
  t(`players.${group}.${code}`, { defaultValue: code });

function Ledger({ id }: { id: number }) {
  const { t } = useTranslation();
  const { tableProps } = useTable<PlayerLedgerLine>({
    resource: 'playerLedger',
    meta: { path: `/api/operator/players/${id}/ledger` },
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  return (
    <Table {...tableProps} rowKey={(l) => `${l.txId}:${l.kind}:${l.book}`} size="small" scroll={{ x: 900 }}>
      <Table.Column dataIndex="time" title={t('players.time')} render={time} />
      <Table.Column dataIndex="txId" title="Tx" />
      <Table.Column
        dataIndex="typeName"
        title={t('players.type')}
        render={(v: string) => label(t, 'txTypes', v)}
      />
      <Table.Column dataIndex="kind" title={t('players.kind')} render={(v: string) => label(t, 'kinds', v)} />
      <Table.Column
        dataIndex="reference"
        title={t('players.reference')}
        render={(v: string | null) => v ?? '—'}
      />
      <Table.Column dataIndex="amount" title={t('common.amount')} render={amount} />
      <Table.Column dataIndex="balanceAfter" title={t('players.balanceAfter')} render={amount} />
    </Table>
  );
}

function Bets({ id }: { id: number }) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const { tableProps, setFilters, filters } = useTable<PlayerBet>({
    resource: 'playerBets',
    meta: { path: `/api/operator/players/${id}/bets` },
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const product = (filters.find((f) => 'field' in f && f.field === 'product')?.value as string) ?? '';
  return (
    <>
      <Radio.Group
        value={product}
        optionType="button"
        style={{ marginBottom: 12 }}
        onChange={(e) => setFilters([{ field: 'product', operator: 'eq', value: e.target.value }], 'replace')}
        options={[
          { value: '', label: t('common.all') },
          ...BET_PRODUCTS.map((p) => ({ value: p, label: t(`products.${p}`) })),
        ]}
      />
      <Table {...tableProps} rowKey={(b) => `${b.product}:${b.id}`} size="small" scroll={{ x: 800 }}>
        <Table.Column dataIndex="createdAt" title={t('players.time')} render={time} />
        <Table.Column
          dataIndex="product"
          title={t('players.product')}
          render={(p: string) => t(`products.${p}`)}
        />
        <Table.Column
          dataIndex="game"
          title={t('players.game')}
          render={(game: string, b: PlayerBet) =>
            b.product === 'originals' || b.product === 'rounds'
              ? t(`${b.product}.games.${game}`, { defaultValue: game })
              : game
          }
        />
        <Table.Column
          dataIndex="round"
          title={t('players.round')}
          render={(round: string | null, b: PlayerBet) =>
            round === null ? (
              '—'
            ) : b.product === 'casino' && allowed('casino.read') ? (
              <Link to={`/casino?round=${encodeURIComponent(round)}`}>{round}</Link>
            ) : (
              round
            )
          }
        />
        <Table.Column dataIndex="stake" title={t('players.stake')} render={amount} />
        <Table.Column dataIndex="payout" title={t('players.payout')} render={amount} />
        <Table.Column
          dataIndex="status"
          title={t('common.status')}
          render={(v: string) => label(t, 'betStatus', v)}
        />
      </Table>
    </>
  );
}

function Notes({ detail, onAdded }: { detail: PlayerDetail; onAdded: () => void }) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const [form] = Form.useForm<{ text: string }>();
  const [error, setError] = useState<string>();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {allowed('players.write') && (
        <Form
          form={form}
          layout="vertical"
          onFinish={async ({ text }) => {
            setError(undefined);
            try {
              await api('post', `/api/operator/players/${detail.player.id}/notes`, { body: { text } });
              form.resetFields();
              onAdded();
            } catch (err) {
              setError((err as Error).message);
            }
          }}
        >
          <Form.Item name="text" label={t('players.newNote')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} />}
          <Button htmlType="submit" type="primary">
            {t('players.addNote')}
          </Button>
        </Form>
      )}
      <AntList
        dataSource={detail.notes}
        locale={{ emptyText: t('players.noNotes') }}
        renderItem={(n) => (
          <AntList.Item>
            <AntList.Item.Meta title={`${n.operatorEmail} · ${time(n.createdAt)}`} description={n.text} />
          </AntList.Item>
        )}
      />
    </Space>
  );
}

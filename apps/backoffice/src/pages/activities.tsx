import {
  ACTIVITY_HTML,
  ACTIVITY_KINDS,
  ACTIVITY_REWARD_TYPES,
  OPERATOR_ACTIVITIES_PATH,
  activityInput,
  activityUpdate,
  type ActivityInput,
  type ActivityKind,
  type OperatorActivity,
} from '@aposta/contracts';
import { List } from '@refinedev/antd';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Drawer,
  Form,
  Grid,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { ConfirmButton, useRun } from '../components/actions';
import { fromPicker, money, time, toPicker } from '../components/format';
import {
  centavos,
  fromHundredths,
  MoneyInput,
  NumberInput,
  PercentInput,
  reais,
  toHundredths,
} from '../components/inputs';
import { sanitizeActivityBody } from '../components/sanitize';
import { FormFooter } from '../components/FormFooter';
import { refusedPaths, useFieldRefusal } from '../components/refusal';
import { useApiQuery } from '../components/useApiQuery';

const STATUS_COLORS = { draft: 'default', live: 'green', ended: 'red' } as const;

/**
 * Activities (promo.manage): the promotions players see under /active. Created, edited (with the version
 * read: someone else's save in between is refused, 409) and ended here; the body's preview is sanitised with
 * the allow-list the server stores it with.
 */
export function ActivitiesPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const run = useRun();
  const list = useApiQuery<{ list: OperatorActivity[] }>(OPERATOR_ACTIVITIES_PATH);
  // `0`: a new activity; an id: that activity (read again from the list, so a reload shows its new version).
  const [editing, setEditing] = useState<number>();
  const manage = allowed('promo.manage');
  const brl = (minor: number) => money(reais(minor));
  const reward = (a: OperatorActivity) =>
    a.rewardType === 'amount'
      ? brl(a.rewardValue)
      : `${fromHundredths(a.rewardValue)} %${a.rewardCap === null ? '' : ` (≤ ${brl(a.rewardCap)})`}`;
  return (
    <List
      title={t('activities.title')}
      headerButtons={
        manage && (
          <Button type="primary" onClick={() => setEditing(0)}>
            {t('activities.create')}
          </Button>
        )
      }
    >
      {list.error && <Alert type="error" showIcon message={list.error.message} />}
      <Table<OperatorActivity>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={{ pageSize: 20 }}
        scroll={{ x: 1000 }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          { title: t('activities.name'), dataIndex: 'title' },
          {
            title: t('activities.kind'),
            dataIndex: 'kind',
            render: (k: string) => t(`activities.kinds.${k}`),
          },
          {
            title: t('activities.period'),
            render: (_, a) => (
              <small>
                {time(a.startsAt)} → {time(a.endsAt)}
              </small>
            ),
          },
          { title: t('activities.reward'), render: (_, a) => reward(a) },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (s: OperatorActivity['status']) => (
              <Tag color={STATUS_COLORS[s]}>{t(`activities.statuses.${s}`)}</Tag>
            ),
          },
          { title: t('activities.claims'), dataIndex: 'claims', align: 'right' },
          {
            title: t('activities.paid'),
            dataIndex: 'paid',
            align: 'right',
            render: brl,
          },
          ...(manage
            ? [
                {
                  title: t('common.actions'),
                  // Kept in sight when a tablet scrolls the table sideways.
                  fixed: 'right' as const,
                  width: 190,
                  render: (_: unknown, a: OperatorActivity) =>
                    a.status !== 'ended' && (
                      <Space>
                        <Button size="small" onClick={() => setEditing(a.id)}>
                          {t('common.edit')}
                        </Button>
                        {/* A draft is not ended (never live, the server refuses it): it is edited or left. */}
                        {a.status === 'live' && (
                          <ConfirmButton
                            danger
                            title={t('activities.endConfirm')}
                            onConfirm={() =>
                              run(
                                () => api('post', `${OPERATOR_ACTIVITIES_PATH}/${a.id}/end`, { body: {} }),
                                () => void list.refetch(),
                              )
                            }
                          >
                            {t('activities.end')}
                          </ConfirmButton>
                        )}
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {editing !== undefined && (
        <ActivityForm
          activity={editing ? list.data?.list.find((a) => a.id === editing) : undefined}
          onClose={() => setEditing(undefined)}
          onSaved={() => list.refetch()}
        />
      )}
    </List>
  );
}

interface FormValues {
  title: string;
  bannerUrl: string;
  body: string;
  kind: ActivityKind;
  period: [Dayjs, Dayjs];
  rewardType: (typeof ACTIVITY_REWARD_TYPES)[number];
  /** Reais for `amount`, percent for `percent`. */
  rewardValue: number;
  rewardCap: number | null;
  target: number;
  wageringMultiple: number;
  status: 'draft' | 'live';
}

function toForm(a: OperatorActivity | undefined): FormValues {
  if (!a) {
    // A new activity runs from now for a week, as a draft until the operator puts it live.
    const now = dayjs();
    return {
      title: '',
      bannerUrl: '',
      body: '',
      kind: 'firstDeposit',
      period: [toPicker(now), toPicker(now.add(7, 'day'))],
      rewardType: 'amount',
      rewardValue: 10,
      rewardCap: null,
      target: 0,
      wageringMultiple: 1,
      status: 'draft',
    };
  }
  return {
    title: a.title,
    bannerUrl: a.bannerUrl,
    body: a.body,
    kind: a.kind,
    period: [toPicker(a.startsAt), toPicker(a.endsAt)],
    rewardType: a.rewardType,
    rewardValue: a.rewardType === 'amount' ? reais(a.rewardValue) : fromHundredths(a.rewardValue),
    rewardCap: a.rewardCap === null ? null : reais(a.rewardCap),
    target: reais(a.target),
    wageringMultiple: a.wageringMultiple,
    status: a.status === 'live' ? 'live' : 'draft',
  };
}

function fromForm(v: FormValues): ActivityInput {
  return {
    title: v.title,
    bannerUrl: v.bannerUrl?.trim() ?? '',
    body: v.body ?? '',
    kind: v.kind,
    startsAt: fromPicker(v.period[0]),
    endsAt: fromPicker(v.period[1]),
    rewardType: v.rewardType,
    rewardValue: v.rewardType === 'amount' ? centavos(v.rewardValue) : toHundredths(v.rewardValue),
    rewardCap: v.rewardType === 'percent' && v.rewardCap !== null ? centavos(v.rewardCap) : null,
    target: centavos(v.target ?? 0),
    wageringMultiple: v.wageringMultiple,
    status: v.status,
  };
}

/** The body's fields the form edits under the same name (`fromForm` converts their values only). */
const SAME_NAME: ReadonlySet<unknown> = new Set<keyof FormValues>([
  'title',
  'bannerUrl',
  'body',
  'kind',
  'rewardType',
  'rewardValue',
  'rewardCap',
  'target',
  'wageringMultiple',
  'status',
]);

/** The form field of a path in the body: the period edits both its ends; the version has none. */
function fieldOf([field]: PropertyKey[]): keyof FormValues | undefined {
  if (field === 'startsAt' || field === 'endsAt') return 'period';
  return SAME_NAME.has(field) ? (field as keyof FormValues) : undefined;
}

interface EditorProps {
  activity: OperatorActivity | undefined;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}

/** The activity's editor (a new one without `activity`) in a drawer. */
function ActivityForm(props: EditorProps) {
  const { t } = useTranslation();
  const { lg } = Grid.useBreakpoint();
  const { activity, onClose } = props;
  const heading = activity ? t('activities.editTitle', { id: activity.id }) : t('activities.create');
  return (
    <Drawer open title={heading} onClose={onClose} width={lg ? 1100 : '100%'} destroyOnHidden>
      {/* A reload after a stale save shows the activity's new version in a new form. */}
      <ActivityEditor key={activity?.version ?? 'new'} heading={heading} {...props} />
    </Drawer>
  );
}

/** The form beside a live preview of what players will see. */
function ActivityEditor({ activity, onClose, onSaved, heading }: EditorProps & { heading: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const initial = useMemo(() => toForm(activity), [activity]);
  const title = Form.useWatch('title', form) ?? initial.title;
  const banner = Form.useWatch('bannerUrl', form) ?? initial.bannerUrl;
  const body = Form.useWatch('body', form) ?? initial.body;
  const kind = Form.useWatch('kind', form) ?? initial.kind;
  const rewardType = Form.useWatch('rewardType', form) ?? initial.rewardType;
  const clean = useMemo(() => sanitizeActivityBody(body), [body]);
  const removed = body.trim() !== '' && clean.replace(/\s+/g, '') !== body.replace(/\s+/g, '');
  const refusal = useFieldRefusal(form);
  const save = async (values: FormValues) => {
    setBusy(true);
    setError(undefined);
    let sent: unknown;
    try {
      const input = fromForm(values);
      sent = activity ? { ...input, version: activity.version } : input;
      if (activity) await api('put', `${OPERATOR_ACTIVITIES_PATH}/${activity.id}`, { body: sent });
      else await api('post', OPERATOR_ACTIVITIES_PATH, { body: sent });
      await onSaved();
      onClose();
    } catch (err) {
      const message = (err as Error).message;
      // A refused value beside its field (the ones the shared contract refuses in what was sent); a stale form
      // or another failure above the buttons.
      const refused = refusedPaths(err, activity ? activityUpdate : activityInput, sent).map(fieldOf);
      if (!refusal.show(refused.map((name) => name && { name, message }))) setError(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        <Form<FormValues>
          form={form}
          aria-label={heading}
          layout="vertical"
          initialValues={initial}
          onFinish={save}
          onValuesChange={refusal.clear}
        >
          <Form.Item
            name="title"
            label={t('activities.name')}
            rules={[{ required: true, whitespace: true, message: t('common.required') }]}
          >
            <Input maxLength={120} showCount />
          </Form.Item>
          <Form.Item
            name="bannerUrl"
            label={t('activities.banner')}
            extra={t('activities.bannerHelp')}
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  !v || ACTIVITY_HTML.image.test(v) || /^\/(?![/\\])/.test(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('activities.bannerHelp'))),
              },
            ]}
          >
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
          <Form.Item name="body" label={t('activities.body')} extra={t('activities.bodyHelp')}>
            <Input.TextArea rows={8} maxLength={20_000} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item name="kind" label={t('activities.kind')}>
                <Select
                  options={ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`activities.kinds.${k}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={14}>
              <Form.Item
                name="period"
                label={t('activities.period')}
                rules={[
                  { required: true, message: t('common.required') },
                  {
                    validator: (_, p: [Dayjs, Dayjs] | undefined) =>
                      !p || p[1].isAfter(p[0])
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('activities.periodOrder'))),
                  },
                ]}
              >
                <DatePicker.RangePicker showTime format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="rewardType" label={t('activities.rewardType')}>
            <Radio.Group
              options={ACTIVITY_REWARD_TYPES.map((r) => ({
                value: r,
                label: t(`activities.rewardTypes.${r}`),
              }))}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="rewardValue"
                label={t('activities.rewardValue')}
                rules={[{ required: true, message: t('common.required') }]}
              >
                {rewardType === 'amount' ? <MoneyInput min={0.01} /> : <PercentInput min={0.01} />}
              </Form.Item>
            </Col>
            {rewardType === 'percent' && (
              <Col xs={24} md={8}>
                <Form.Item name="rewardCap" label={t('activities.rewardCap')} extra={t('activities.capHelp')}>
                  <MoneyInput />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={8}>
              <Form.Item
                name="wageringMultiple"
                label={t('activities.wageringMultiple')}
                rules={[
                  { required: true, message: t('common.required') },
                  // At least 1: a reward that converts at once is cash, which only an adjustment gives.
                  { type: 'integer', min: 1, max: 100, message: t('activities.multipleRange') },
                ]}
              >
                <NumberInput min={1} max={100} precision={0} addonAfter="×" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="target"
            label={t('activities.target')}
            extra={t(`activities.targetHelp.${kind}`)}
            rules={[
              {
                validator: (_, v: number | null) =>
                  kind !== 'turnover' || (v ?? 0) > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('activities.targetTurnover'))),
              },
            ]}
          >
            <MoneyInput />
          </Form.Item>
          <Form.Item name="status" label={t('common.status')}>
            <Radio.Group
              options={(['draft', 'live'] as const).map((s) => ({
                value: s,
                label: t(`activities.statuses.${s}`),
              }))}
            />
          </Form.Item>
          <FormFooter
            error={error}
            busy={busy}
            onReload={activity ? () => void onSaved() : undefined}
            onCancel={onClose}
          />
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        {/* Kept in sight while the form scrolls. */}
        <Card size="small" title={t('activities.preview')} style={{ position: 'sticky', top: 0 }}>
          {removed && (
            <Alert type="warning" showIcon message={t('activities.removed')} style={{ marginBottom: 12 }} />
          )}
          <div data-testid="activity-preview">
            {ACTIVITY_HTML.image.test(banner) && (
              <img src={banner} alt="" style={{ width: '100%', borderRadius: 8, marginBottom: 8 }} />
            )}
            <Typography.Title level={4}>{title}</Typography.Title>
            <div className="activity-body" dangerouslySetInnerHTML={{ __html: clean }} />
          </div>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('activities.previewHelp')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}

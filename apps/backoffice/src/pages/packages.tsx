import {
  OPERATOR_PACKAGES_PATH,
  PACKAGE_GROUPS,
  type OperatorPackage,
  type OperatorPackagesAnswer,
  type PackageField,
  type PackageGroup,
} from '@aposta/contracts';
import { List } from '@refinedev/antd';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Drawer,
  Form,
  Grid,
  InputNumber,
  Row,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api, ApiError } from '../api/http';
import { useRun } from '../components/actions';
import { money } from '../components/format';
import { centavos, MoneyInput, reais } from '../components/inputs';
import { FormFooter } from '../components/FormFooter';
import { useApiQuery } from '../components/useApiQuery';

/** The player's deposit page shows these groups together (spec: BRL, EXTPAY and ungrouped). */
const DEPOSIT_PAGE: readonly PackageGroup[] = ['BRL', 'EXTPAY', ''];
/** The game deposit shows the first 4 INSBRL packages. */
const GAME_DEPOSIT_SHOWN = 4;
/** The tabs: the groups in the player app's order; '' is listed only when it holds packages. */
const TABS = PACKAGE_GROUPS.filter((g) => g !== '');
const groupKey = (g: PackageGroup) => g || 'none';
/** A cell kept on one line. */
const nowrap =
  <T,>(format: (v: T) => string) =>
  (v: T) => <span style={{ whiteSpace: 'nowrap' }}>{format(v)}</span>;
const share = (p: OperatorPackage) =>
  `${((p.gift / p.price) * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;
/** Centavos as reais; a dash for no amount (a form field being typed). */
const brl = (minor: number) => (Number.isSafeInteger(minor) ? money(reais(minor)) : '—');

/**
 * Deposit packages (promo.manage): the price packages players pick on the deposit page, the game deposit and
 * the bonus popup, by group. Edited in a drawer beside a preview of what the player then sees; a stale form
 * (someone saved in between) is refused, 409. Under the Brazilian profile gifts are stored but never offered.
 */
export function PackagesPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const run = useRun();
  const data = useApiQuery<OperatorPackagesAnswer>(OPERATOR_PACKAGES_PATH);
  // `{ group }`: a new package of that group; a pkgId: that package (read again from the list after a reload).
  const [editing, setEditing] = useState<{ pkgId?: number; group: PackageGroup }>();
  const [tab, setTab] = useState<string>('BRL');
  const manage = allowed('promo.manage');
  const all = data.data?.list ?? [];
  const groups = all.some((p) => p.group === '') ? [...TABS, '' as const] : TABS;
  const giftsOffered = data.data?.giftsOffered ?? true;

  const save = (p: OperatorPackage, change: Partial<OperatorPackage>) => {
    const { price, gift, sort, selected, active, version } = { ...p, ...change };
    return run(
      () =>
        api('put', `${OPERATOR_PACKAGES_PATH}/${p.pkgId}`, {
          body: { price, gift, sort, selected, active, version },
        }),
      () => void data.refetch(),
    );
  };

  const table = (group: PackageGroup) => (
    <Table<OperatorPackage>
      size="small"
      rowKey="pkgId"
      loading={data.isLoading}
      dataSource={all.filter((p) => p.group === group)}
      pagination={false}
      rowClassName={(p) => (p.active ? '' : 'package-disabled')}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '#', dataIndex: 'pkgId' },
        { title: t('packages.sort'), dataIndex: 'sort', align: 'right' },
        { title: t('packages.price'), dataIndex: 'price', align: 'right', render: nowrap(brl) },
        {
          title: t('packages.gift'),
          dataIndex: 'gift',
          align: 'right',
          render: (gift: number) => (
            <Typography.Text delete={!giftsOffered && gift > 0} style={{ whiteSpace: 'nowrap' }}>
              {brl(gift)}
            </Typography.Text>
          ),
        },
        {
          title: t('packages.giftShare'),
          align: 'right',
          render: (_, p) => nowrap(share)(p),
        },
        {
          title: t('common.status'),
          render: (_, p) => (
            <Space size={4}>
              {p.active ? (
                <Tag color="green">{t('packages.active')}</Tag>
              ) : (
                <Tag>{t('packages.disabled')}</Tag>
              )}
              {p.selected && <Tag color="gold">{t('packages.selectedTag')}</Tag>}
            </Space>
          ),
        },
        ...(manage
          ? [
              {
                title: t('common.actions'),
                render: (_: unknown, p: OperatorPackage) => (
                  <Space>
                    <Button size="small" onClick={() => setEditing({ pkgId: p.pkgId, group: p.group })}>
                      {t('common.edit')}
                    </Button>
                    <Button
                      size="small"
                      danger={p.active}
                      // The pre-selected package is unselected first (the server refuses a disabled one).
                      disabled={p.active && p.selected}
                      onClick={() => void save(p, { active: !p.active })}
                    >
                      {p.active ? t('packages.disable') : t('packages.enable')}
                    </Button>
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );

  return (
    <List
      title={t('packages.title')}
      headerButtons={
        manage && (
          <Button
            type="primary"
            onClick={() => setEditing({ group: (tab === 'none' ? '' : tab) as PackageGroup })}
          >
            {t('packages.create')}
          </Button>
        )
      }
    >
      <style>{'.package-disabled td { color: rgba(0,0,0,.35); }'}</style>
      {data.error && <Alert type="error" showIcon message={data.error.message} />}
      {!giftsOffered && (
        <Alert
          type="warning"
          showIcon
          message={t('packages.brNoGifts')}
          style={{ marginBottom: 12 }}
          data-testid="packages-br"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={groups.map((g) => ({
          key: groupKey(g),
          label: g || t('packages.groups.none'),
          children: (
            <Row gutter={[24, 16]}>
              <Col xs={24} xl={16}>
                <Typography.Paragraph type="secondary">
                  {t(`packages.groups.${groupKey(g)}`)}
                </Typography.Paragraph>
                {table(g)}
              </Col>
              <Col xs={24} xl={8}>
                <Preview group={g} packages={all} giftsOffered={giftsOffered} />
              </Col>
            </Row>
          ),
        }))}
      />
      {editing && (
        <PackageDrawer
          group={editing.group}
          pkg={editing.pkgId ? all.find((p) => p.pkgId === editing.pkgId) : undefined}
          all={all}
          giftsOffered={giftsOffered}
          maxGiftPercent={data.data?.maxGiftPercent ?? 100}
          onClose={() => setEditing(undefined)}
          onSaved={() => data.refetch()}
        />
      )}
    </List>
  );
}

/** What the player sees of `group`, with `draft` (the package being edited) in place of its saved values. */
function Preview({
  group,
  packages,
  giftsOffered,
  draft,
}: {
  group: PackageGroup;
  packages: OperatorPackage[];
  giftsOffered: boolean;
  draft?: OperatorPackage;
}) {
  const { t } = useTranslation();
  const depositPage = DEPOSIT_PAGE.includes(group);
  let shown = (draft ? [...packages.filter((p) => p.pkgId !== draft.pkgId), draft] : packages)
    .filter((p) => p.active && (depositPage ? DEPOSIT_PAGE.includes(p.group) : p.group === group))
    .sort((a, b) => a.sort - b.sort || a.pkgId - b.pkgId);
  if (group === 'INSBRL') shown = shown.slice(0, GAME_DEPOSIT_SHOWN);
  const where = depositPage ? 'deposit' : groupKey(group);
  return (
    <Card size="small" title={t('packages.previewTitle', { where: t(`packages.where.${where}`) })}>
      <div
        data-testid="package-preview"
        style={{
          background: '#0f172a',
          borderRadius: 12,
          padding: 12,
          // The player app's width on a phone.
          maxWidth: 393,
          margin: '0 auto',
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 8,
        }}
      >
        {shown.map((p) => (
          <div
            key={p.pkgId}
            data-testid={`preview-${p.pkgId}`}
            style={{
              border: `1px solid ${p.selected ? '#eab308' : '#334155'}`,
              background: p.selected ? 'rgba(234,179,8,.15)' : 'rgba(51,65,85,.5)',
              color: p.selected ? '#facc15' : '#e2e8f0',
              borderRadius: 10,
              minHeight: 60,
              padding: 4,
              textAlign: 'center',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              outline: draft?.pkgId === p.pkgId ? '2px dashed #60a5fa' : undefined,
            }}
          >
            <strong style={{ fontSize: 13 }}>{brl(p.price)}</strong>
            {giftsOffered && p.gift > 0 && (
              <small style={{ color: '#34d399', fontWeight: 600, fontSize: 11, lineHeight: 1.3 }}>
                {t('packages.previewGift', { amount: brl(p.gift) })}
              </small>
            )}
          </div>
        ))}
        {shown.length === 0 && (
          <Typography.Text style={{ color: '#94a3b8', gridColumn: '1 / -1' }}>
            {t('packages.previewEmpty')}
          </Typography.Text>
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t(`packages.previewHelp.${where}`)}
        {!giftsOffered && ` ${t('packages.previewNoGifts')}`}
      </Typography.Paragraph>
    </Card>
  );
}

interface FormValues {
  /** Reais; a new package's is empty until typed (a default would save a package nobody chose). */
  price: number | null;
  gift: number;
  sort: number;
  selected: boolean;
  active: boolean;
}

interface DrawerProps {
  group: PackageGroup;
  pkg: OperatorPackage | undefined;
  all: OperatorPackage[];
  giftsOffered: boolean;
  maxGiftPercent: number;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}

/** The package's form (a new one without `pkg`) beside the preview of its group with the form's values. */
function PackageDrawer(props: DrawerProps) {
  const { t } = useTranslation();
  const { lg } = Grid.useBreakpoint();
  const { pkg, group, onClose } = props;
  const heading = pkg
    ? t('packages.editTitle', { id: pkg.pkgId })
    : t('packages.createTitle', { group: group || t('packages.groups.none') });
  return (
    <Drawer open title={heading} onClose={onClose} width={lg ? 960 : '100%'} destroyOnHidden>
      {/* A reload after a stale save shows the package's new version in a new form. */}
      <PackageEditor key={pkg?.version ?? 'new'} heading={heading} {...props} />
    </Drawer>
  );
}

function PackageEditor({
  group,
  pkg,
  all,
  giftsOffered,
  maxGiftPercent,
  onClose,
  onSaved,
  heading,
}: DrawerProps & { heading: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string>();
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const initial = useMemo<FormValues>(
    () =>
      pkg
        ? {
            price: reais(pkg.price),
            gift: reais(pkg.gift),
            sort: pkg.sort,
            selected: pkg.selected,
            active: pkg.active,
          }
        : {
            price: null,
            gift: 0,
            sort: Math.max(0, ...all.filter((p) => p.group === group).map((p) => p.sort)) + 1,
            selected: false,
            active: true,
          },
    [pkg, all, group],
  );
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const values = { ...initial, ...watched };
  // An empty or impossible field is no amount (the preview shows a dash; required refuses it on save).
  const toMinor = (v: number | null | undefined) => {
    try {
      return typeof v === 'number' ? centavos(v) : NaN;
    } catch {
      return NaN;
    }
  };
  const draft: OperatorPackage = {
    pkgId: pkg?.pkgId ?? 0,
    group,
    version: pkg?.version ?? 1,
    price: toMinor(values.price),
    gift: toMinor(values.gift),
    sort: values.sort ?? 0,
    selected: values.selected ?? false,
    active: values.active ?? true,
  };

  const save = async () => {
    setBusy(true);
    setError(undefined);
    setStale(false);
    const body = {
      price: draft.price,
      gift: draft.gift,
      sort: draft.sort,
      selected: draft.selected,
      active: draft.active,
    };
    try {
      if (pkg)
        await api('put', `${OPERATOR_PACKAGES_PATH}/${pkg.pkgId}`, {
          body: { ...body, version: pkg.version },
        });
      else await api('post', OPERATOR_PACKAGES_PATH, { body: { ...body, group } });
      await onSaved();
      onClose();
    } catch (err) {
      const field =
        err instanceof ApiError ? (err.data as { field?: PackageField } | null)?.field : undefined;
      // The server's translated refusal beside its field; anything else (a stale form) above the buttons.
      if (field) form.setFields([{ name: field, errors: [(err as Error).message] }]);
      else setError((err as Error).message);
      setStale(err instanceof ApiError && err.statusCode === 409 && !field);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={12}>
        <Form<FormValues>
          form={form}
          aria-label={heading}
          layout="vertical"
          initialValues={initial}
          onFinish={() => void save()}
          onValuesChange={() =>
            // A server refusal is about the values sent: any change clears it.
            form.setFields(
              (['price', 'gift', 'sort', 'selected'] as const).map((name) => ({ name, errors: [] })),
            )
          }
        >
          <Form.Item label={t('packages.group')}>
            <Typography.Text strong>
              {group || t('packages.groups.none')} · {t(`packages.groups.${groupKey(group)}`)}
            </Typography.Text>
          </Form.Item>
          <Form.Item
            name="price"
            label={t('packages.price')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <MoneyInput />
          </Form.Item>
          <Form.Item
            name="gift"
            label={t('packages.gift')}
            extra={t('packages.giftHelp', { percent: maxGiftPercent })}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <MoneyInput />
          </Form.Item>
          {!giftsOffered && (
            <Alert type="warning" showIcon message={t('packages.brNoGifts')} style={{ marginBottom: 16 }} />
          )}
          <Form.Item
            name="sort"
            label={t('packages.sort')}
            extra={t('packages.sortHelp')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <InputNumber<number> style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="selected" valuePropName="checked" extra={t('packages.selectedHelp')}>
            <Checkbox>{t('packages.selectedLabel')}</Checkbox>
          </Form.Item>
          <Form.Item name="active" label={t('packages.activeLabel')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <FormFooter
            error={error}
            busy={busy}
            onReload={stale ? () => void onSaved() : undefined}
            onCancel={onClose}
          />
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <div style={{ position: 'sticky', top: 0 }}>
          <Preview group={group} packages={all} giftsOffered={giftsOffered} draft={draft} />
        </div>
      </Col>
    </Row>
  );
}

import { settingsSchema } from '@aposta/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money } from '../components/format';
import {
  centavos,
  decimalSeparator,
  fromHundredths,
  MoneyInput,
  PercentInput,
  reais,
  toHundredths,
} from '../components/inputs';
import { notBelowField } from '../components/rules';
import { SettingsCard, useSettings, type Settings } from '../components/SettingsCard';

/**
 * How a setting is kept and shown: `money` centavos as reais; `bp` basis points as percent; `percent` a whole
 * percent; `price` hundredths as a price (1,50); `times` a multiple (×); `count` a whole number; `minutes`,
 * `hours`, `days` as such; `ms` milliseconds as seconds; `bool` a switch; `url` an address.
 */
type Unit = 'money' | 'bp' | 'percent' | 'price' | 'times' | 'count' | 'minutes' | 'hours' | 'days' | 'ms';
type Kind = Unit | 'bool' | 'url';

/**
 * One setting of a card. `min`/`max` are in the unit shown (reais, percent, seconds): the bounds of the schema
 * the server checks with (`settingsSchema`, shared in the contracts package), checked here before saving; the
 * server checks them again and its refusal is shown beside the field. `notBelow`: another setting of the card
 * it may not be under.
 */
interface Field {
  key: string;
  kind: Kind;
  min?: number;
  max?: number;
  notBelow?: string;
}

/** The part of a zod schema read for bounds (zod 4: defaults unwrap, a record's cells are its `valueType`). */
interface SchemaNode {
  def: { type: string };
  unwrap?: () => SchemaNode;
  valueType?: SchemaNode;
  minValue?: number | null;
  maxValue?: number | null;
}

/** A setting's bounds as the shared schema states them, in stored units; a map's are its cells'. */
function schemaBounds(key: string): { min?: number; max?: number } {
  let node = (settingsSchema.shape as unknown as Record<string, SchemaNode | undefined>)[key];
  while (node && (node.def.type === 'default' || node.def.type === 'record'))
    node = node.def.type === 'default' ? node.unwrap?.() : node.valueType;
  const finite = (n: number | null | undefined) =>
    typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined;
  return { min: finite(node?.minValue), max: finite(node?.maxValue) };
}

/** A field of `key`, its bounds read off the shared schema and shown in the field's unit. */
const f = (key: string, kind: Kind, more: Pick<Field, 'notBelow'> = {}): Field => {
  const { min, max } = schemaBounds(key);
  const shown = (n: number | undefined) => (n === undefined ? undefined : (toShown(kind, n) as number));
  return { key, kind, min: shown(min), max: shown(max), ...more };
};

/** The settings edited on this page, by card; the ones with a page of their own are in ELSEWHERE. */
const CARDS: { id: string; fields: Field[] }[] = [
  {
    id: 'wagering',
    fields: [
      f('wagering.depositMultiplier', 'times'),
      f('wagering.bonusMultiplier', 'times'),
      f('bonus.sportsMinPrice', 'price'),
      f('bonus.expiryDays', 'days'),
      f('bonus.maxConversionMultiple', 'times'),
      f('bonus.operatorDailyMax', 'money'),
    ],
  },
  {
    id: 'withdraw',
    fields: [
      f('withdraw.minAmount', 'money'),
      f('withdraw.maxAmount', 'money', { notBelow: 'withdraw.minAmount' }),
      f('withdraw.payoutAlertMinutes', 'minutes'),
      f('withdraw.usdtRate', 'money'),
    ],
  },
  {
    id: 'deposit',
    fields: [
      f('deposit.orderTtlMinutes', 'minutes'),
      f('deposit.maxGiftPercent', 'percent'),
      f('testAccount.playBalance', 'money'),
    ],
  },
  {
    id: 'transfer',
    fields: [
      f('transfer.enabled', 'bool'),
      f('transfer.minAmount', 'money'),
      f('transfer.maxAmount', 'money', { notBelow: 'transfer.minAmount' }),
      f('transfer.dailyMax', 'money'),
      f('transfer.lookupsPerDay', 'count'),
    ],
  },
  {
    id: 'sportsLimits',
    fields: [
      f('sports.minStake', 'money'),
      f('sports.maxStake', 'money', { notBelow: 'sports.minStake' }),
      f('sports.maxPayout', 'money'),
      f('sports.maxLegs', 'count'),
      f('sports.maxMarketLiability', 'money'),
      f('sports.liabilityAlert', 'money'),
      f('sports.acceptanceDelayMs', 'ms'),
      f('sports.postponedVoidHours', 'hours'),
    ],
  },
  {
    id: 'sportsMargins',
    fields: [
      f('sports.inPlayMarginBp', 'bp'),
      f('sports.builderMarginBp', 'bp'),
      f('sports.cashoutMarginBp', 'bp'),
      f('sports.cashoutToleranceBp', 'bp'),
    ],
  },
];

/** Settings edited on another page (structured there too), listed here with a link to it. */
const ELSEWHERE: { to: string; page: string; keys: string[] }[] = [
  {
    to: '/originals',
    page: 'originals.title',
    keys: ['originals.minStake', 'originals.maxStake', 'originals.maxPayout'],
  },
  {
    to: '/promo-rules',
    page: 'promoRules.title',
    keys: [
      'vip.table',
      'promo.signinRewards',
      'promo.referralRatesBp',
      'promo.ladderMinDeposit',
      'promo.ladderTiers',
      'promo.gameBonusMissions',
    ],
  },
];

const BONUS_PRODUCTS = ['sports', 'casino', 'originals', 'lottery'] as const;
/** The cells of the settings kept as maps, checked and shown as the plain settings of their unit. */
const WEIGHT = f('bonus.weights', 'percent');
const SPORT_DELAY = f('sports.acceptanceDelayMsBySport', 'ms');
const SPORT_MARGIN = f('sports.margins', 'bp');

/** A stored value as the form shows it, and back. */
function toShown(kind: Kind, v: unknown): unknown {
  switch (kind) {
    case 'money':
      return reais(v as number);
    case 'bp':
    case 'price':
      return fromHundredths(v as number);
    case 'ms':
      return (v as number) / 1000;
    default:
      return v;
  }
}
function toStored(kind: Kind, v: unknown): unknown {
  switch (kind) {
    case 'money':
      return centavos(v as number);
    case 'bp':
    case 'price':
      return toHundredths(v as number);
    case 'ms':
      return Math.round((v as number) * 1000);
    case 'url':
      return (v as string).trim();
    default:
      return v;
  }
}

/** A bound in the field's unit, as the operator reads it ("R$ 0,01", "20 %"). */
function bound(t: TFunction, kind: Kind, n: number) {
  if (kind === 'money') return money(n);
  const number = new Intl.NumberFormat(decimalSeparator() === ',' ? 'pt-BR' : 'en-US').format(n);
  const unit = unitOf(t, kind);
  return unit ? `${number} ${unit}` : number;
}
function unitOf(t: TFunction, kind: Kind): string | undefined {
  switch (kind) {
    case 'bp':
    case 'percent':
      return '%';
    case 'times':
      return '×';
    case 'minutes':
    case 'hours':
    case 'days':
      return t(`settings.units.${kind}`);
    case 'ms':
      return t('settings.units.seconds');
    default:
      return undefined;
  }
}

/** The field's checks, before the server's. */
function rulesOf(t: TFunction, field: Field): Rule[] {
  const { kind, min, max, notBelow } = field;
  if (kind === 'bool') return [];
  const required: Rule = { required: true, message: t('common.required') };
  if (kind === 'url') return [required, { type: 'url', message: t('settings.badUrl') }, { max: 500 }];
  const whole = !['money', 'bp', 'price', 'times', 'ms'].includes(kind);
  const rules: Rule[] = [
    required,
    {
      validator: async (_, v: number | null) => {
        if (v === null || v === undefined) return;
        if (whole && !Number.isInteger(v)) throw new Error(t('settings.whole'));
        const range = { min: bound(t, kind, min ?? 0), max: bound(t, kind, max ?? 0) };
        if (min !== undefined && max !== undefined && (v < min || v > max))
          throw new Error(t('settings.between', range));
        if (min !== undefined && v < min) throw new Error(t('settings.atLeast', range));
      },
    },
  ];
  if (notBelow)
    rules.push(
      notBelowField(notBelow, () => t('settings.notBelow', { other: t(`settings.fields.${notBelow}`) })),
    );
  return rules;
}

/** The field's input in its unit. No min/max on the input: a value out of bounds is named, not clamped. */
function inputOf(t: TFunction, field: Field): ReactNode {
  const { kind } = field;
  const unit = unitOf(t, kind);
  switch (kind) {
    case 'bool':
      return <Switch />;
    case 'url':
      return <Input inputMode="url" />;
    case 'money':
      return <MoneyInput min={undefined} />;
    case 'bp':
      return <PercentInput min={undefined} max={undefined} />;
    case 'price':
      return (
        <InputNumber<number> precision={2} decimalSeparator={decimalSeparator()} style={{ width: '100%' }} />
      );
    case 'times':
    case 'ms':
      return (
        <InputNumber<number>
          decimalSeparator={decimalSeparator()}
          addonAfter={unit}
          style={{ width: '100%' }}
        />
      );
    default:
      return <InputNumber<number> precision={0} addonAfter={unit} style={{ width: '100%' }} />;
  }
}

/** One field of a card: its label, its unit's input, its checks; the setting's code in the tooltip. */
function SettingItem({ field }: { field: Field }) {
  const { t } = useTranslation();
  const help = t(`settings.help.${field.key}`, { defaultValue: '' });
  return (
    <Form.Item
      name={field.key}
      label={t(`settings.fields.${field.key}`)}
      tooltip={field.key}
      extra={help || undefined}
      valuePropName={field.kind === 'bool' ? 'checked' : 'value'}
      rules={rulesOf(t, field)}
      dependencies={field.notBelow ? [field.notBelow] : undefined}
    >
      {inputOf(t, field)}
    </Form.Item>
  );
}

/** A card of plain settings: each field is its setting (the form's names are the settings' keys). */
function FieldsCard({
  title,
  fields,
  settings,
  children,
  extra,
}: {
  title: string;
  fields: Field[];
  settings: ReturnType<typeof useSettings>;
  children?: ReactNode;
  /** Settings of the card edited by its own children (`children`), converted by these. */
  extra?: {
    keys: string[];
    toForm: (s: Settings) => Record<string, unknown>;
    fromForm: (v: Record<string, unknown>) => Settings;
  };
}) {
  const { t } = useTranslation();
  const byKey = new Map(fields.map((x) => [x.key, x]));
  return (
    <SettingsCard<Record<string, unknown>>
      title={title}
      keys={[...fields.map((x) => x.key), ...(extra?.keys ?? [])]}
      settings={settings}
      toForm={(s) => ({
        ...Object.fromEntries(fields.map((x) => [x.key, toShown(x.kind, s[x.key])])),
        ...extra?.toForm(s),
      })}
      fromForm={(v) => ({
        ...Object.fromEntries(fields.map((x) => [x.key, toStored(x.kind, v[x.key])])),
        ...extra?.fromForm(v),
      })}
      // The settings edited as rows or groups (`extra`) have their refusal in the card.
      fieldOf={(key) => (byKey.has(key) ? { name: key, label: t(`settings.fields.${key}`) } : undefined)}
    >
      {fields.map((x) => (
        <SettingItem key={x.key} field={x} />
      ))}
      {children}
    </SettingsCard>
  );
}

type MarginRow = { sport: string; type: string; percent: number };
type DelayRow = { sport: string; seconds: number };
const MARGINS = 'sports.margins';
const DELAYS = 'sports.acceptanceDelayMsBySport';
const WEIGHTS = 'bonus.weights';

/** No two rows for the same `cols` (the setting is a map: the later one would silently win). */
const unique =
  (message: string, ...cols: string[]): Rule =>
  () => ({
    validator: async (_, rows: Record<string, unknown>[] | undefined) => {
      const seen = (rows ?? []).map((r) => cols.map((c) => String(r?.[c] ?? '').trim()).join('\u0000'));
      if (new Set(seen).size !== seen.length) throw new Error(message);
    },
  });

/**
 * The business settings (GET/PUT /api/operator/settings) as forms, by subject: each setting with its label, in
 * its unit (reais, percent, seconds…), checked before saving and saved with the values read (a change made
 * since is refused, 409). The server checks each value again; its refusal shows beside the field.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  /** A column of names (a sport, a market type): letters, digits, "-" and "_". */
  const codeColumn = (key: string, label: string, placeholder: string): RowColumn => ({
    key,
    label,
    rules: [
      { required: true, message: t('common.required') },
      { pattern: /^[A-Za-z0-9_-]{1,40}$/, message: t('settings.code') },
    ],
    input: <Input placeholder={placeholder} />,
  });
  const cards = Object.fromEntries(CARDS.map((c) => [c.id, c.fields]));
  const card = (id: string, props: Partial<Parameters<typeof FieldsCard>[0]> = {}) => (
    <FieldsCard title={t(`settings.groups.${id}`)} fields={cards[id] ?? []} settings={settings} {...props} />
  );
  return (
    <List title={t('settings.title')}>
      {settings.error && <Alert type="error" showIcon message={settings.error.message} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          {card('wagering', {
            extra: {
              keys: [WEIGHTS],
              toForm: (s) => ({ [WEIGHTS]: s[WEIGHTS] }),
              // The products the wagering module knows (BONUS_PRODUCTS); one not listed would count 100 %.
              fromForm: (v) => ({ [WEIGHTS]: v[WEIGHTS] }),
            },
            children: (
              <Form.Item
                label={t(`settings.fields.${WEIGHTS}`)}
                tooltip={WEIGHTS}
                extra={t(`settings.help.${WEIGHTS}`)}
              >
                <Row gutter={12}>
                  {BONUS_PRODUCTS.map((p) => (
                    <Col key={p} xs={12} md={6}>
                      <Form.Item
                        name={[WEIGHTS, p]}
                        label={t(`settings.products.${p}`)}
                        rules={rulesOf(t, WEIGHT)}
                      >
                        {inputOf(t, WEIGHT)}
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Form.Item>
            ),
          })}
        </Col>
        <Col xs={24} xl={12}>
          {card('withdraw')}
        </Col>
        <Col xs={24} xl={12}>
          {card('transfer')}
        </Col>
        <Col xs={24} xl={12}>
          {card('deposit')}
        </Col>
        <Col xs={24} xl={12}>
          {card('sportsLimits', {
            extra: {
              keys: [DELAYS],
              toForm: (s) => ({
                [DELAYS]: Object.entries(s[DELAYS] as Record<string, number>).map(
                  ([sport, ms]): DelayRow => ({ sport, seconds: ms / 1000 }),
                ),
              }),
              fromForm: (v) => ({
                [DELAYS]: Object.fromEntries(
                  ((v[DELAYS] as DelayRow[] | undefined) ?? []).map((r) => [
                    r.sport.trim(),
                    Math.round(r.seconds * 1000),
                  ]),
                ),
              }),
            },
            children: (
              <RowsField
                name={DELAYS}
                add={t('settings.addSport')}
                rules={[unique(t('settings.repeated'), 'sport')]}
                columns={[
                  codeColumn('sport', t('settings.sport'), 'football'),
                  { key: 'seconds', label: t('settings.delay'), field: SPORT_DELAY },
                ]}
              />
            ),
          })}
        </Col>
        <Col xs={24} xl={12}>
          {card('sportsMargins', {
            extra: {
              keys: [MARGINS],
              toForm: (s) => ({
                [MARGINS]: Object.entries(s[MARGINS] as Record<string, Record<string, number>>).flatMap(
                  ([sport, types]) =>
                    Object.entries(types).map(([type, bp]): MarginRow => ({
                      sport,
                      type,
                      percent: fromHundredths(bp),
                    })),
                ),
              }),
              fromForm: (v) => {
                const nested: Record<string, Record<string, number>> = {};
                for (const r of (v[MARGINS] as MarginRow[] | undefined) ?? [])
                  (nested[r.sport.trim()] ??= {})[r.type.trim()] = toHundredths(r.percent);
                return { [MARGINS]: nested };
              },
            },
            children: (
              <RowsField
                name={MARGINS}
                add={t('settings.addMargin')}
                rules={[unique(t('settings.repeated'), 'sport', 'type')]}
                columns={[
                  codeColumn('sport', t('settings.sport'), 'default'),
                  codeColumn('type', t('settings.marketType'), 'default'),
                  { key: 'percent', label: t('settings.margin'), field: SPORT_MARGIN },
                ]}
              />
            ),
          })}
        </Col>
        <Col xs={24} xl={12}>
          <FieldsCard
            title={t('settings.groups.rg')}
            fields={[f('rg.nationalSelfExclusionUrl', 'url')]}
            settings={settings}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('settings.groups.elsewhere')}>
            {ELSEWHERE.map((g) => (
              <div key={g.to} style={{ marginBottom: 12 }}>
                <Link to={g.to}>{t(g.page)}</Link>
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                  {g.keys.map((k) => (
                    <li key={k}>
                      {t(`settings.fields.${k}`)}{' '}
                      <Typography.Text type="secondary" code>
                        {k}
                      </Typography.Text>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </Card>
        </Col>
      </Row>
    </List>
  );
}

/** A column of rows: its checks and input given, or those of a setting's unit (`field`). */
type RowColumn = { key: string; label: string } & (
  { rules: Rule[]; input: ReactNode; field?: never } | { field: Field; rules?: never; input?: never }
);

/** A setting kept as a map, edited as rows (one per entry) that can be added and removed. */
function RowsField({
  name,
  columns,
  add,
  rules,
}: {
  name: string;
  columns: RowColumn[];
  add: string;
  rules: Rule[];
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t(`settings.fields.${name}`)} tooltip={name} extra={t(`settings.help.${name}`)}>
      <Form.List name={name} rules={rules as never}>
        {(rows, { add: addRow, remove }, { errors }) => (
          <>
            {rows.length > 0 && (
              <Row gutter={8} wrap={false} aria-hidden>
                {columns.map((c) => (
                  <Col key={c.key} flex="1 1 0">
                    <Typography.Text type="secondary">{c.label}</Typography.Text>
                  </Col>
                ))}
                <Col flex="none">
                  <div style={{ width: 32 }} />
                </Col>
              </Row>
            )}
            {rows.map((row, i) => (
              <Row key={row.key} gutter={8} wrap={false} align="top">
                {columns.map((c) => (
                  <Col key={c.key} flex="1 1 0" style={{ minWidth: 0 }}>
                    <Form.Item
                      name={[row.name, c.key]}
                      rules={c.field ? rulesOf(t, c.field) : c.rules}
                      style={{ marginBottom: 8 }}
                    >
                      {withLabel(c.field ? inputOf(t, c.field) : c.input, `${c.label} (${i + 1})`)}
                    </Form.Item>
                  </Col>
                ))}
                <Col flex="none">
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={`${t('promoRules.remove')} (${i + 1})`}
                    onClick={() => remove(row.name)}
                  />
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => addRow()}>
              {add}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The cell's input with its accessible name ("Esporte (2)"); the column's name is above the rows. */
function withLabel(input: ReactNode, label: string): ReactNode {
  if (!isValidElement<{ placeholder?: string }>(input)) return input;
  return cloneElement(input, {
    'aria-label': label,
    placeholder: input.props.placeholder ?? label,
  } as object);
}

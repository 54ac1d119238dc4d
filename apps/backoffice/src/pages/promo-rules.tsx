import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { Alert, Button, Col, Form, Row, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  centavos,
  decimalSeparator,
  fromHundredths,
  MoneyInput,
  NumberInput,
  PercentInput,
  reais,
  toHundredths,
} from '../components/inputs';
import { SettingsCard, useSettings, type SettingField, type Settings } from '../components/SettingsCard';

/** One VIP level as the setting `vip.table` keeps it (minor units, fee in basis points). */
interface VipLevel {
  reward: number;
  paySum: number;
  gameSum: number | null;
  withdrawalsPerDay: number;
  withdrawFeeBp: number;
}

/** Each row's `field` strictly above the previous row's (the server refuses otherwise, too). */
const rising = (message: string, ...fields: string[]): Rule => ({
  validator: (_, rows: Record<string, number | null>[] | undefined) =>
    (rows ?? []).every((r, i) => i === 0 || fields.every((f) => (r?.[f] ?? 0) > (rows![i - 1]?.[f] ?? 0)))
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

/**
 * The promotion rules, each a business setting edited as a form (not JSON) and saved with the values read
 * (a change made since is refused, 409): the VIP table, the daily sign-in rewards, referral rates, the agent
 * ladder and the game-bonus missions. Amounts are shown in reais and kept in centavos.
 */
export function PromoRulesPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const required = [{ required: true, message: t('common.required') }];
  const day = (n: number) => t('promoRules.day', { n });
  const referralLevel = (n: number) => t('promoRules.referralLevel', { n });
  const vip: TableOf = {
    name: 'levels',
    first: { title: t('promoRules.level'), from: 0 },
    columns: [
      { key: 'reward', label: t('promoRules.vipReward'), input: money },
      { key: 'paySum', label: t('promoRules.paySum'), input: money },
      {
        key: 'gameSum',
        label: t('promoRules.gameSum'),
        optional: true,
        input: (label) => <MoneyInput aria-label={label} placeholder="—" />,
      },
      {
        key: 'withdrawalsPerDay',
        label: t('promoRules.withdrawalsPerDay'),
        input: (label) => <NumberInput aria-label={label} min={0} max={100} precision={0} />,
      },
      {
        key: 'withdrawFee',
        stored: 'withdrawFeeBp',
        label: t('promoRules.withdrawFee'),
        input: (label) => <PercentInput aria-label={label} />,
      },
    ],
  };
  const tiers: TableOf = {
    name: 'tiers',
    first: { title: '#', from: 1 },
    add: t('promoRules.addTier'),
    rules: [rising(t('promoRules.rising'), 'invitees')],
    columns: [
      {
        key: 'invitees',
        label: t('promoRules.invitees'),
        input: (label) => <NumberInput aria-label={label} min={1} precision={0} style={{ width: '100%' }} />,
      },
      { key: 'reward', label: t('promoRules.tierReward'), input: money },
    ],
  };
  const missions: TableOf = {
    name: 'missions',
    first: { title: '#', from: 1 },
    add: t('promoRules.addMission'),
    rules: [rising(t('promoRules.rising'), 'turnover', 'multiple')],
    columns: [
      { key: 'turnover', label: t('promoRules.turnover'), input: money },
      {
        key: 'multiple',
        label: t('promoRules.multiple'),
        input: (label) => (
          <NumberInput
            aria-label={label}
            min={1}
            max={100}
            precision={2}
            decimalSeparator={decimalSeparator()}
            addonAfter="×"
            style={{ width: '100%' }}
          />
        ),
      },
    ],
  };
  return (
    <List title={t('promoRules.title')}>
      {settings.error && <Alert type="error" showIcon message={settings.error.message} />}
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <SettingsCard<{ levels: Array<Omit<VipLevel, 'withdrawFeeBp'> & { withdrawFee: number }> }>
            title={t('promoRules.vip')}
            keys={['vip.table']}
            settings={settings}
            toForm={(s) => ({
              levels: (s['vip.table'] as VipLevel[]).map((l) => ({
                reward: reais(l.reward),
                paySum: reais(l.paySum),
                gameSum: l.gameSum === null ? null : reais(l.gameSum),
                withdrawalsPerDay: l.withdrawalsPerDay,
                withdrawFee: fromHundredths(l.withdrawFeeBp),
              })),
            })}
            fromForm={(v) => ({
              'vip.table': v.levels.map((l) => ({
                reward: centavos(l.reward),
                paySum: centavos(l.paySum),
                gameSum: l.gameSum === null || l.gameSum === undefined ? null : centavos(l.gameSum),
                withdrawalsPerDay: l.withdrawalsPerDay,
                withdrawFeeBp: toHundredths(l.withdrawFee),
              })),
            })}
            fieldOf={(_, at) => cellOf(vip, at)}
          >
            <FormTable {...vip} />
            <Typography.Paragraph type="secondary">{t('promoRules.vipHelp')}</Typography.Paragraph>
          </SettingsCard>
        </Col>
        <Col xs={24} xl={12}>
          <SettingsCard<{ days: number[] }>
            title={t('promoRules.signin')}
            keys={['promo.signinRewards']}
            settings={settings}
            toForm={(s) => ({ days: (s['promo.signinRewards'] as number[]).map(reais) })}
            fromForm={(v) => ({ 'promo.signinRewards': v.days.map(centavos) })}
            fieldOf={(_, at) => itemOf('days', day, at)}
          >
            <Row gutter={12}>
              {Array.from({ length: 7 }, (_, i) => (
                <Col key={i} xs={12} md={6}>
                  <Form.Item name={['days', i]} label={day(i + 1)} rules={required}>
                    <MoneyInput />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Typography.Paragraph type="secondary">{t('promoRules.bonusMoney')}</Typography.Paragraph>
          </SettingsCard>
        </Col>
        <Col xs={24} xl={12}>
          <SettingsCard<{ rates: number[] }>
            title={t('promoRules.referral')}
            keys={['promo.referralRatesBp']}
            settings={settings}
            toForm={(s) => ({ rates: (s['promo.referralRatesBp'] as number[]).map(fromHundredths) })}
            fromForm={(v) => ({ 'promo.referralRatesBp': v.rates.map(toHundredths) })}
            fieldOf={(_, at) => itemOf('rates', referralLevel, at)}
          >
            <Row gutter={12}>
              {[0, 1, 2].map((i) => (
                <Col key={i} xs={24} md={8}>
                  <Form.Item name={['rates', i]} label={referralLevel(i + 1)} rules={required}>
                    <PercentInput max={10} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Typography.Paragraph type="secondary">{t('promoRules.referralHelp')}</Typography.Paragraph>
          </SettingsCard>
        </Col>
        <Col xs={24} xl={12}>
          <SettingsCard<{ minDeposit: number; tiers: Array<{ invitees: number; reward: number }> }>
            title={t('promoRules.ladder')}
            keys={['promo.ladderMinDeposit', 'promo.ladderTiers']}
            settings={settings}
            toForm={(s) => ({
              minDeposit: reais(s['promo.ladderMinDeposit'] as number),
              tiers: (s['promo.ladderTiers'] as Array<{ invitees: number; reward: number }>).map((x) => ({
                invitees: x.invitees,
                reward: reais(x.reward),
              })),
            })}
            fromForm={(v) => ({
              'promo.ladderMinDeposit': centavos(v.minDeposit),
              'promo.ladderTiers': (v.tiers ?? []).map((x) => ({
                invitees: x.invitees,
                reward: centavos(x.reward),
              })),
            })}
            fieldOf={(key, at) =>
              key === 'promo.ladderMinDeposit'
                ? { name: 'minDeposit', label: t('promoRules.ladderMinDeposit') }
                : cellOf(tiers, at)
            }
          >
            <Form.Item name="minDeposit" label={t('promoRules.ladderMinDeposit')} rules={required}>
              <MoneyInput min={0.01} />
            </Form.Item>
            <FormTable {...tiers} />
          </SettingsCard>
        </Col>
        <Col xs={24} xl={12}>
          <SettingsCard<{ missions: Array<{ turnover: number; multiple: number }> }>
            title={t('promoRules.missions')}
            keys={['promo.gameBonusMissions']}
            settings={settings}
            toForm={(s) => ({
              missions: (s['promo.gameBonusMissions'] as Array<{ turnover: number; multiple: number }>).map(
                (m) => ({ turnover: reais(m.turnover), multiple: fromHundredths(m.multiple) }),
              ),
            })}
            fromForm={(v): Settings => ({
              'promo.gameBonusMissions': (v.missions ?? []).map((m) => ({
                turnover: centavos(m.turnover),
                multiple: toHundredths(m.multiple),
              })),
            })}
            fieldOf={(_, at) => cellOf(missions, at)}
          >
            <FormTable {...missions} />
            <Typography.Paragraph type="secondary">{t('promoRules.missionsHelp')}</Typography.Paragraph>
          </SettingsCard>
        </Col>
      </Row>
    </List>
  );
}

interface Column {
  key: string;
  /** The setting's name of this field, when it is not `key` (a fee kept in basis points, edited in percent). */
  stored?: string;
  label: string;
  /** The cell's input, given its accessible name ("Prêmio (2)"). */
  input: (label: string) => ReactNode;
  optional?: boolean;
}

/** A FormTable: the form's list (`name`), its rows' numbering, its columns, and rows added and removed (`add`). */
interface TableOf {
  name: string;
  first: { title: string; from: 0 | 1 };
  columns: Column[];
  add?: string;
  rules?: Rule[];
}

const money = (label: string) => <MoneyInput aria-label={label} />;

/** A cell's label, and its input's accessible name: its column's and its row's number ("Prêmio (2)"). */
const cellLabel = (c: Column, row: number, first: TableOf['first']) => `${c.label} (${row + first.from})`;

/** The cell of a list setting's value at `[row, field]` (a refusal of it is shown there). */
function cellOf(table: TableOf, [row, field]: PropertyKey[]): SettingField | undefined {
  const c = table.columns.find((x) => (x.stored ?? x.key) === field);
  return typeof row === 'number' && c
    ? { name: [table.name, row, c.key], label: cellLabel(c, row, table.first) }
    : undefined;
}

/** The field of a list setting's value at `[i]`, in a form list `name` labelled `label(i + 1)`. */
function itemOf(name: string, label: (n: number) => string, [i]: PropertyKey[]): SettingField | undefined {
  return typeof i === 'number' ? { name: [name, i], label: label(i + 1) } : undefined;
}

/**
 * Rows of a list setting (VIP levels, ladder tiers, missions) as a table of inputs; with `add`, rows can be
 * added and removed. The list's own rule (rows rising) shows its message under the table.
 */
function FormTable({ name, first, columns, add, rules }: TableOf) {
  const { t } = useTranslation();
  return (
    <Form.List name={name} rules={rules as never}>
      {(fields, { add: addRow, remove }, { errors }) => (
        <div style={{ marginBottom: 16 }}>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            scroll={{ x: columns.length * 170 }}
            columns={[
              { title: first.title, render: (_, f) => f.name + first.from, width: 56 },
              ...columns.map((c) => ({
                title: c.label,
                render: (_: unknown, f: { name: number }) => (
                  <Form.Item
                    name={[f.name, c.key]}
                    rules={c.optional ? [] : [{ required: true, message: t('common.required') }]}
                    style={{ margin: 0 }}
                  >
                    {c.input(cellLabel(c, f.name, first))}
                  </Form.Item>
                ),
              })),
              ...(add
                ? [
                    {
                      title: '',
                      width: 56,
                      render: (_: unknown, f: { name: number }) => (
                        <Button
                          aria-label={`${t('promoRules.remove')} (${f.name + first.from})`}
                          icon={<DeleteOutlined />}
                          onClick={() => remove(f.name)}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <Form.ErrorList errors={errors} />
          {add && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => addRow(Object.fromEntries(columns.map((c) => [c.key, null])))}
              style={{ marginTop: 8 }}
            >
              {add}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}

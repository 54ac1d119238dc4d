import { CustomerServiceOutlined, LogoutOutlined } from '@ant-design/icons';
import type { OperatorProfile } from '@aposta/contracts';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Flex, Grid, Layout, Select, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAllowed } from '../api/access';
import { setLanguage, UI_LANGUAGES } from '../i18n';
import { PayoutAlerts } from './payoutAlerts';

/**
 * Who is signed in (e-mail and role), the language, the support console and sign-out; the live payout alerts
 * (mounted here, in every page's layout). One row at every width: on a phone (below md) the buttons show their
 * icons only (named in their tooltips and to screen readers), the language its code, and the e-mail takes what
 * is left, cut with an ellipsis. Kept to one row (56 px), the bar stays above Refine's menu button of narrow
 * screens (fixed at the top left, from 64 px down).
 */
export function Header() {
  const { t, i18n } = useTranslation();
  const { data: operator } = useGetIdentity<OperatorProfile | null>();
  const { mutate: logout } = useLogout();
  const allowed = useAllowed();
  const navigate = useNavigate();
  const { md } = Grid.useBreakpoint();
  const phone = md === false;
  /** A button with its label beside its icon, or (on a phone) its icon only, the label in its tooltip. */
  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={phone ? label : undefined}>
      <Button aria-label={label} icon={icon} onClick={onClick} style={{ flex: 'none' }}>
        {phone ? null : label}
      </Button>
    </Tooltip>
  );
  return (
    <Layout.Header
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        background: '#fff',
        padding: '8px 16px',
        height: 'auto',
        minHeight: 56,
        lineHeight: 'normal',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <PayoutAlerts />
      <Flex gap={phone ? 'small' : 'middle'} align="center" style={{ minWidth: 0 }}>
        {allowed('support.chat') &&
          action(t('header.support'), <CustomerServiceOutlined />, () => void navigate('/support'))}
        <Select
          aria-label={t('header.language')}
          value={i18n.language}
          onChange={(lang) => void setLanguage(lang)}
          options={UI_LANGUAGES.map((l) => ({ value: l.key, label: l.label }))}
          // On a phone the chosen language is its code (PT, EN); the list still names each in full.
          labelRender={phone ? ({ value }) => String(value).slice(0, 2).toUpperCase() : undefined}
          popupMatchSelectWidth={!phone}
          style={{ width: phone ? 68 : 130, flex: 'none' }}
        />
        {operator && (
          // A long e-mail is cut with an ellipsis (whole in its tooltip) so it shares the row with the role.
          <Flex gap={4} align="center" style={{ minWidth: 0 }}>
            <Typography.Text
              data-testid="operator-email"
              ellipsis={{ tooltip: operator.email }}
              style={{ maxWidth: 320, minWidth: 0 }}
            >
              {operator.email}
            </Typography.Text>
            <Tag
              color="blue"
              data-testid="operator-role"
              style={{ flex: 'none', ...(phone ? { marginInlineEnd: 0 } : {}) }}
            >
              {t(`roles.${operator.role}`)}
            </Tag>
          </Flex>
        )}
        {action(t('header.logout'), <LogoutOutlined />, () => logout())}
      </Flex>
    </Layout.Header>
  );
}

import { CustomerServiceOutlined, LogoutOutlined } from '@ant-design/icons';
import type { OperatorProfile } from '@aposta/contracts';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Grid, Layout, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAllowed } from '../api/access';
import { setLanguage, UI_LANGUAGES } from '../i18n';
import { PayoutAlerts } from './payoutAlerts';

/**
 * Who is signed in (e-mail and role), the language, the support console and sign-out; the live payout alerts
 * (mounted here, in every page's layout).
 */
export function Header() {
  const { t, i18n } = useTranslation();
  const { data: operator } = useGetIdentity<OperatorProfile | null>();
  const { mutate: logout } = useLogout();
  const allowed = useAllowed();
  const navigate = useNavigate();
  // Below lg the side menu is Refine's fixed button at the top left (40 px wide, from 64 px down): the bar's
  // wrapped lines would run under it, so the bar starts right of it (as the page below keeps clear of it).
  const { lg } = Grid.useBreakpoint();
  const narrow = lg === false;
  return (
    <Layout.Header
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        background: '#fff',
        // On a narrow screen its items wrap to more lines: the bar grows with them instead of hiding some.
        padding: narrow ? '8px 16px 8px 56px' : '8px 16px',
        height: 'auto',
        minHeight: 56,
        lineHeight: 'normal',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <PayoutAlerts />
      <Space size="middle" wrap>
        {allowed('support.chat') && (
          <Button onClick={() => void navigate('/support')} icon={<CustomerServiceOutlined />}>
            {t('header.support')}
          </Button>
        )}
        <Select
          aria-label={t('header.language')}
          value={i18n.language}
          onChange={(lang) => void setLanguage(lang)}
          options={UI_LANGUAGES.map((l) => ({ value: l.key, label: l.label }))}
          // Narrower on a phone, so the support console and the language share the first line.
          style={{ width: narrow ? 112 : 130 }}
        />
        {operator && (
          // A long e-mail is cut with an ellipsis (whole in its tooltip) so it shares a line with the role.
          <Space size={4} style={{ maxWidth: '100%' }} styles={{ item: { minWidth: 0 } }}>
            <Typography.Text
              data-testid="operator-email"
              ellipsis={{ tooltip: operator.email }}
              style={{ maxWidth: narrow ? 'calc(100vw - 180px)' : 320 }}
            >
              {operator.email}
            </Typography.Text>
            <Tag color="blue" data-testid="operator-role">
              {t(`roles.${operator.role}`)}
            </Tag>
          </Space>
        )}
        <Button icon={<LogoutOutlined />} onClick={() => logout()}>
          {t('header.logout')}
        </Button>
      </Space>
    </Layout.Header>
  );
}

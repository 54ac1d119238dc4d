import { BankOutlined } from '@ant-design/icons';
import { useLogin } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginForm } from '../api/authProvider';
import { trimmed } from '../components/rules';
import { setLanguage, UI_LANGUAGES } from '../i18n';

/** Sign-in with e-mail, password and the authenticator's six digits (both factors in one call). */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { mutate: login, isPending, data } = useLogin<LoginForm>();
  const failed = data && !data.success ? data.error?.message : undefined;
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f0f2f5',
        padding: 16,
      }}
    >
      <Card style={{ width: 400, maxWidth: '100%' }}>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              <BankOutlined /> {t('app.title')}
            </Typography.Title>
            <Select
              aria-label={t('header.language')}
              value={i18n.language}
              onChange={(lang) => void setLanguage(lang)}
              options={UI_LANGUAGES.map((l) => ({ value: l.key, label: l.label }))}
              style={{ width: 120 }}
            />
          </Space>
          <Form<LoginForm>
            layout="vertical"
            name="login"
            aria-label={t('login.title')}
            requiredMark={false}
            onFinish={(values) => login(values)}
          >
            <Form.Item
              label={t('login.email')}
              name="email"
              normalize={trimmed}
              rules={[{ required: true, type: 'email', message: t('login.emailRequired') }]}
            >
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              label={t('login.password')}
              name="password"
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label={t('login.totp')}
              name="totp"
              extra={t('login.totpHelp')}
              rules={[{ required: true, pattern: /^\s*\d{3}\s*\d{3}\s*$/, message: t('login.totpFormat') }]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
            </Form.Item>
            {failed && (
              <Form.Item>
                <Alert type="error" showIcon message={failed} role="alert" />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={isPending}>
              {t('login.submit')}
            </Button>
          </Form>
        </Space>
      </Card>
    </div>
  );
}

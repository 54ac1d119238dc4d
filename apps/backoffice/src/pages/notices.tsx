import { NOTICE_HTML, NOTICE_MAX_LENGTH, purifyOptions } from '@aposta/contracts';
import { List } from '@refinedev/antd';
import { Alert, Button, Card, Col, Form, Input, Popconfirm, Row, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { time } from '../components/format';

/**
 * Notices: HTML broadcast to every player's banner. The preview is the sanitised HTML (the player app's own
 * rules, NOTICE_HTML), so a script or a `javascript:` link shows here as players will see it: gone.
 */
export function NoticesPage() {
  const { t } = useTranslation();
  // Reached by its address without the permission: the form shows, its action does not.
  const mayPublish = useAllowed()('notices.publish');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<{ id: number; text: string; time: string }>();
  const [busy, setBusy] = useState(false);
  const clean = useMemo(() => DOMPurify.sanitize(text, purifyOptions(NOTICE_HTML)), [text]);
  const removed = text.trim() !== '' && clean.replace(/\s+/g, '') !== text.replace(/\s+/g, '');
  async function publish() {
    setBusy(true);
    setError(undefined);
    try {
      setSent(await api('post', '/api/operator/notices', { body: { text } }));
      setText('');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <List title={t('notices.title')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Form layout="vertical">
            <Form.Item label={t('notices.html')} extra={t('notices.help')}>
              <Input.TextArea
                aria-label={t('notices.html')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={8}
                maxLength={NOTICE_MAX_LENGTH}
                showCount
                style={{ fontFamily: 'monospace' }}
              />
            </Form.Item>
            {error && (
              <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 12 }} />
            )}
            {mayPublish && (
              // Every player sees it at once: asked first, and the text cleared once sent (a second click
              // once published it twice).
              <Popconfirm
                title={t('notices.confirm')}
                okText={t('common.yes')}
                onConfirm={() => void publish()}
                disabled={!clean.trim()}
              >
                <Button type="primary" disabled={!clean.trim()} loading={busy}>
                  {t('notices.publish')}
                </Button>
              </Popconfirm>
            )}
          </Form>
          {sent && (
            <Alert
              type="success"
              showIcon
              style={{ marginTop: 16 }}
              message={t('notices.published', { id: sent.id, time: time(sent.time) })}
            />
          )}
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('notices.preview')}>
            {removed && (
              <Alert type="warning" showIcon message={t('notices.removed')} style={{ marginBottom: 12 }} />
            )}
            <div
              data-testid="notice-preview"
              style={{
                background: '#fffbe6',
                border: '1px solid #ffe58f',
                padding: 12,
                borderRadius: 8,
                minHeight: 48,
              }}
              dangerouslySetInnerHTML={{ __html: clean }}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('notices.previewHelp')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </List>
  );
}

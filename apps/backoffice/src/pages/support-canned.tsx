import { SUPPORT_OPERATOR_PATH, SUPPORT_TEXT_MAX, type SupportCanned } from '@aposta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http';
import { ConfirmButton, useFormCall, useRun } from '../components/actions';

const base = `${SUPPORT_OPERATOR_PATH}/canned`;
export const cannedKey = ['support', 'canned'] as const;

/** The canned replies every operator picks from in a conversation (read with `support.chat`). */
export function useCanned() {
  return useQuery({ queryKey: cannedKey, queryFn: () => api<SupportCanned[]>('get', base) });
}

/**
 * The canned replies' editor (`support.canned`): the list, a form that adds one or edits the one chosen, and
 * deletion after a confirmation. Every change is an audited operator call; the server's refusal (an empty or
 * too long text) is shown under the form.
 */
export function CannedEditor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const run = useRun();
  const canned = useCanned();
  const [form] = Form.useForm<{ title: string; text: string }>();
  const [editing, setEditing] = useState<SupportCanned | null>(null);
  const { busy, error, setError, submit } = useFormCall();
  const changed = () => client.invalidateQueries({ queryKey: cannedKey });

  const edit = (c: SupportCanned | null) => {
    setEditing(c);
    setError(undefined);
    form.setFieldsValue({ title: c?.title ?? '', text: c?.text ?? '' });
  };
  const save = (values: { title: string; text: string }) =>
    submit(async () => {
      await (editing
        ? api('put', `${base}/${editing.id}`, { body: values })
        : api('post', base, { body: values }));
      await changed();
      edit(null);
    });

  return (
    <Modal
      open
      width={760}
      title={t('support.cannedEditor.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {canned.error && <Alert type="error" showIcon message={canned.error.message} />}
      <Table<SupportCanned>
        size="small"
        rowKey="id"
        loading={canned.isLoading}
        dataSource={canned.data ?? []}
        pagination={false}
        scroll={{ y: 280 }}
        locale={{ emptyText: t('support.noCanned') }}
        aria-label={t('support.cannedEditor.list')}
        columns={[
          { title: t('support.cannedEditor.titleField'), dataIndex: 'title', width: 180 },
          {
            title: t('support.cannedEditor.text'),
            dataIndex: 'text',
            render: (text: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {text}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('common.actions'),
            width: 170,
            render: (_: unknown, c) => (
              <Space size={4}>
                <Button size="small" onClick={() => edit(c)}>
                  {t('common.edit')}
                </Button>
                <ConfirmButton
                  danger
                  title={t('support.cannedEditor.deleteConfirm', { title: c.title })}
                  onConfirm={() =>
                    run(
                      () => api('delete', `${base}/${c.id}`),
                      () => {
                        if (editing?.id === c.id) edit(null);
                        void changed();
                      },
                    )
                  }
                >
                  {t('support.cannedEditor.delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        style={{ marginTop: 16 }}
        aria-label={t('support.cannedEditor.form')}
        initialValues={{ title: '', text: '' }}
      >
        <Typography.Text strong>
          {editing
            ? t('support.cannedEditor.editing', { title: editing.title })
            : t('support.cannedEditor.adding')}
        </Typography.Text>
        <Form.Item
          name="title"
          label={t('support.cannedEditor.titleField')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }]}
          style={{ marginTop: 8 }}
        >
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('support.cannedEditor.text')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={SUPPORT_TEXT_MAX} />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 12 }} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {editing ? t('common.save') : t('support.cannedEditor.add')}
          </Button>
          {editing && <Button onClick={() => edit(null)}>{t('common.cancel')}</Button>}
        </Space>
      </Form>
    </Modal>
  );
}

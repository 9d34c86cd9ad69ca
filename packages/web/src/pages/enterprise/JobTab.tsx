import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLES, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { RoleTag, useErrorToast } from './shared';

export type Job = ResultOf<typeof api.job.get>;
type Values = { name: string; role: number };

export function useJobs() {
  return useQuery({ queryKey: keys.job.list(), queryFn: async () => (await call(api.job.list, {})).list });
}

export function useRoleOptions() {
  const { t } = useTranslation('enterprise');
  return ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));
}

export function JobTab() {
  const { t } = useTranslation(['enterprise', 'common']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const jobs = useJobs();
  const roleOptions = useRoleOptions();
  const [editing, setEditing] = useState<Job | 'new' | null>(null);
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    form.setFieldsValue(editing === 'new' ? { name: '', role: 1 } : { name: editing.name, role: editing.role });
  }, [editing, form]);

  const done = (text: string) => {
    void qc.invalidateQueries({ queryKey: keys.job.all });
    void qc.invalidateQueries({ queryKey: keys.permission.all });
    void message.success(text);
  };
  const save = useMutation({
    mutationFn: (v: Values) =>
      editing && editing !== 'new' ? call(api.job.edit, { id: editing.id, ...v }) : call(api.job.add, v),
    onSuccess: () => {
      setEditing(null);
      done(t('saved'));
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(api.job.delete, { id }),
    onSuccess: () => done(t('deleted')),
    onError,
  });

  return (
    <Card
      data-testid="ent-jobs"
      title={t('job.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="job-add">
          {t('job.add')}
        </Button>
      }
    >
      <Table
        rowKey="id"
        loading={jobs.isPending}
        dataSource={jobs.data ?? []}
        pagination={false}
        locale={{ emptyText: t('job.empty') }}
        columns={[
          { title: t('job.name'), dataIndex: 'name' },
          { title: t('job.role'), dataIndex: 'role', render: (r: number) => <RoleTag role={r} /> },
          { title: t('job.members'), dataIndex: 'memberCount' },
          {
            title: t('action.actions'),
            key: 'a',
            width: 180,
            render: (_v, job) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(job)} data-testid={`job-edit-${job.id}`}>
                  {t('action.edit')}
                </Button>
                <Popconfirm
                  title={t('job.deleteConfirm', { name: job.name })}
                  okText={t('action.delete')}
                  cancelText={t('common:action.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(job.id)}
                >
                  <Button type="link" size="small" danger data-testid={`job-delete-${job.id}`}>
                    {t('action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('job.add') : t('job.edit')}
        okText={t('action.save')}
        cancelText={t('common:action.cancel')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() =>
          void form.validateFields().then(
            (v) => save.mutate(v),
            () => undefined,
          )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('job.name')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 32 }]}
          >
            <Input maxLength={32} data-testid="job-form-name" />
          </Form.Item>
          <Form.Item name="role" label={t('job.role')} rules={[{ required: true, message: t('form.required') }]}>
            <Select options={roleOptions} data-testid="job-form-role" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

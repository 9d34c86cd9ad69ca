import { useEffect } from 'react';
import { Button, Form, Modal, Select, Space, TreeSelect, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type MemberAccount } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { parentOptions } from './DeptForm';
import { useJobs } from './JobTab';
import { roleWord } from './shared';

type Row = { deptId?: number; jobId?: number };
type Values = { roles: Row[] };

type Props = {
  member: MemberAccount | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (roles: { deptId: number; jobId: number }[]) => void;
};

/** A member's role entries: one row per department + job (the job carries the role). */
export function SetRolesDialog({ member, saving, onCancel, onSave }: Props) {
  const { t } = useTranslation(['enterprise', 'common']);
  const [form] = Form.useForm<Values>();
  const depts = useQuery({ queryKey: keys.dept.list(), queryFn: () => call(api.dept.list), enabled: member !== null });
  const jobs = useJobs();

  useEffect(() => {
    if (!member) return;
    const roles = member.roles.map((r) => ({ deptId: r.deptId, jobId: r.jobId }));
    form.setFieldsValue({ roles: roles.length ? roles : [{}] });
  }, [member, form]);

  const submit = (v: Values) => {
    const seen = new Set<string>();
    const roles = v.roles
      .filter((r): r is { deptId: number; jobId: number } => r.deptId !== undefined && r.jobId !== undefined)
      .filter((r) => {
        const key = `${r.deptId}:${r.jobId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    onSave(roles);
  };

  return (
    <Modal
      open={member !== null}
      width={640}
      title={t('member.setRolesTitle', { name: member?.nickname || member?.phone || '' })}
      okText={t('action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('member.setRolesHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.List name="roles">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'deptId']} rules={[{ required: true, message: t('member.pickDept') }]}>
                    <TreeSelect
                      style={{ width: 240 }}
                      treeDefaultExpandAll
                      placeholder={t('member.dept')}
                      treeData={parentOptions(depts.data?.list ?? [])}
                      data-testid={`roles-dept-${field.name}`}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'jobId']} rules={[{ required: true, message: t('member.pickJob') }]}>
                    <Select
                      style={{ width: 240 }}
                      placeholder={t('member.job')}
                      options={(jobs.data ?? []).map((j) => ({
                        value: j.id,
                        label: `${j.name} · ${roleWord(t, j.role)}`,
                      }))}
                      data-testid={`roles-job-${field.name}`}
                    />
                  </Form.Item>
                  {fields.length > 1 ? (
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('action.delete')} />
                  ) : null}
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({})}
                disabled={fields.length >= 20}
                data-testid="roles-add-row"
              >
                {t('member.addRole')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button, Card, Form, List, Select, Space, TreeSelect, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { parentOptions } from './DeptForm';
import { useJobs } from './JobTab';
import { formatTime, roleWord, useErrorToast } from './shared';

type Made = { link: string; expires: number };

/** The link as the invitee opens it: the server may answer a path (`/inlog?invite=…`) or a full URL. */
export function absoluteLink(link: string, origin: string): string {
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}

export function InviteTab() {
  const { t } = useTranslation('enterprise');
  const onError = useErrorToast();
  const [form] = Form.useForm<{ deptId?: number; jobId?: number }>();
  const [made, setMade] = useState<Made[]>([]);
  const depts = useQuery({ queryKey: keys.dept.list(), queryFn: () => call(api.dept.list) });
  const jobs = useJobs();
  const invite = useMutation({
    mutationFn: (v: { deptId?: number; jobId?: number }) => call(api.company.invite, v),
    onSuccess: (r) =>
      setMade((prev) => [{ link: absoluteLink(r.link, window.location.origin), expires: r.expires }, ...prev]),
    onError,
  });

  return (
    <Card data-testid="ent-invites">
      <Typography.Paragraph type="secondary">{t('invite.text')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={(v) => invite.mutate(v)} style={{ rowGap: 12 }}>
        <Form.Item name="deptId" label={t('member.dept')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            style={{ width: 220 }}
            placeholder={t('invite.defaultDept')}
            treeData={parentOptions(depts.data?.list ?? [])}
          />
        </Form.Item>
        <Form.Item name="jobId" label={t('member.job')}>
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('invite.defaultJob')}
            options={(jobs.data ?? []).map((j) => ({ value: j.id, label: `${j.name} · ${roleWord(t, j.role)}` }))}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<LinkOutlined />}
          loading={invite.isPending}
          data-testid="invite-create"
        >
          {t('invite.create')}
        </Button>
      </Form>
      {made.length > 0 ? (
        <List
          style={{ marginTop: 16 }}
          bordered
          dataSource={made}
          renderItem={(m, i) => (
            <List.Item>
              <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                <Typography.Text
                  copyable={{ text: m.link, tooltips: [t('invite.copy'), t('invite.copied')] }}
                  data-testid={i === 0 ? 'invite-link' : undefined}
                  code
                >
                  {m.link}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('invite.expires', { time: formatTime(m.expires) })}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Alert style={{ marginTop: 16 }} type="info" showIcon title={t('invite.once')} />
      )}
    </Card>
  );
}

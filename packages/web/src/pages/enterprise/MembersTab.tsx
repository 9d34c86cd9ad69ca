import { useState } from 'react';
import { App, Button, Card, Input, Space, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type MemberAccount } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { PagedTable } from '../../components/PagedTable';
import { RangeCell } from './RangeCell';
import { SetRolesDialog } from './SetRolesDialog';
import { RoleTag, formatTime, useErrorToast } from './shared';

export function MembersTab() {
  const { t } = useTranslation(['enterprise', 'common']);
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<MemberAccount | null>(null);
  const filter = { keyword: keyword || undefined };

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: keys.company.allAccounts });
    void qc.invalidateQueries({ queryKey: keys.dept.all });
    void qc.invalidateQueries({ queryKey: keys.job.all });
  };
  const setRoles = useMutation({
    mutationFn: (v: { userId: number; roles: { deptId: number; jobId: number }[] }) => call(api.company.setRoles, v),
    onSuccess: () => {
      setEditing(null);
      refresh();
      void message.success(t('saved'));
    },
    onError,
  });

  const confirmRemove = (m: MemberAccount) =>
    modal.confirm({
      title: t('member.removeTitle', { name: m.nickname || m.phone }),
      content: t('member.removeText'),
      okText: t('member.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () =>
        call(api.company.removeMember, { userId: m.userId }).then(() => {
          refresh();
          void message.success(t('member.removed'));
        }, onError),
    });

  const confirmChangeAdmin = (m: MemberAccount) =>
    modal.confirm({
      title: t('member.changeAdminTitle', { name: m.nickname || m.phone }),
      content: t('member.changeAdminText'),
      okText: t('member.changeAdmin'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      // After the hand-over this user is no longer main admin: the layout must re-read the menu.
      onOk: () =>
        call(api.company.changeAdmin, { userId: m.userId }).then(() => {
          void message.success(t('member.adminChanged'));
          window.setTimeout(() => window.location.assign('/home'), 800);
        }, onError),
    });

  return (
    <Card data-testid="ent-members">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('member.search')}
          onSearch={(v) => setKeyword(v.trim())}
          style={{ width: 280 }}
          data-testid="member-search"
        />
      </Space>
      <PagedTable<MemberAccount>
        rowKey="userId"
        source={{
          key: (pageNum) => keys.company.accounts({ ...filter, pageNum }),
          fetch: (page) => call(api.company.accounts, { ...filter, ...page }),
        }}
        empty={t('member.empty')}
        scroll={{ x: 820 }}
        columns={[
          {
            title: t('member.name'),
            key: 'name',
            width: 160,
            render: (_v, m) => (
              <div>
                <div>
                  {m.nickname || '—'} {m.isMain === 1 ? <Tag color="gold">{t('member.main')}</Tag> : null}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {m.phone}
                </Typography.Text>
              </div>
            ),
          },
          // department and job are read in each role entry below (dept / job), not twice (issue 25 §3)
          {
            title: t('member.roles'),
            key: 'roles',
            width: 240,
            render: (_v, m) =>
              m.roles.length === 0 ? (
                '—'
              ) : (
                <Space orientation="vertical" size={4}>
                  {m.roles.map((r) => (
                    <div key={r.entryId} style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>
                        {r.deptName} / {r.jobName}
                      </span>
                      <RoleTag role={r.role} />
                      <RangeCell entry={r} disabled={m.status !== 1} />
                    </div>
                  ))}
                </Space>
              ),
          },
          {
            title: t('member.status'),
            key: 'status',
            width: 90,
            render: (_v, m) =>
              m.status === 1 ? <Tag color="green">{t('member.active')}</Tag> : <Tag>{t('member.removedTag')}</Tag>,
          },
          { title: t('member.joined'), key: 'joined', width: 150, render: (_v, m) => formatTime(m.joined) },
          {
            title: t('action.actions'),
            key: 'a',
            width: 180,
            fixed: 'right',
            render: (_v, m) =>
              m.status !== 1 ? null : (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing(m)}
                    data-testid={`member-roles-${m.userId}`}
                  >
                    {t('member.setRoles')}
                  </Button>
                  {m.isMain === 1 ? null : (
                    <>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => confirmChangeAdmin(m)}
                        data-testid={`member-admin-${m.userId}`}
                      >
                        {t('member.changeAdmin')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => confirmRemove(m)}
                        data-testid={`member-remove-${m.userId}`}
                      >
                        {t('member.remove')}
                      </Button>
                    </>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <SetRolesDialog
        member={editing}
        saving={setRoles.isPending}
        onCancel={() => setEditing(null)}
        onSave={(roles) => editing && setRoles.mutate({ userId: editing.userId, roles })}
      />
    </Card>
  );
}

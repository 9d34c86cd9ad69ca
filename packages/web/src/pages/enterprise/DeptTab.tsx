import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Space, Tag, Tree, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DeptNode } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { keys } from '../../api/keys';
import { PagedTable } from '../../components/PagedTable';
import { DeptForm, type DeptValues } from './DeptForm';
import { RoleTag, useErrorToast } from './shared';

type TreeItem = { key: number; title: string; children: TreeItem[] };

function toTree(list: readonly DeptNode[], suffix: (d: DeptNode) => string): TreeItem[] {
  return list.map((d) => ({ key: d.id, title: `${d.name}${suffix(d)}`, children: toTree(d.children, suffix) }));
}

export function findDept(list: readonly DeptNode[], id: number): DeptNode | null {
  for (const d of list) {
    if (d.id === id) return d;
    const hit = findDept(d.children, id);
    if (hit) return hit;
  }
  return null;
}

function Members({ dept }: { dept: DeptNode }) {
  const { t } = useTranslation('enterprise');
  return (
    <PagedTable
      rowKey="userId"
      size="small"
      source={{
        key: (pageNum) => keys.dept.employees(dept.id, pageNum),
        fetch: (page) => call(api.dept.employees, { id: dept.id, ...page }),
      }}
      empty={t('dept.noMembers')}
      columns={[
        {
          title: t('member.name'),
          key: 'name',
          render: (_v, r) => (
            <span>
              {r.nickname || r.phone} {r.isMain === 1 ? <Tag color="gold">{t('member.main')}</Tag> : null}
            </span>
          ),
        },
        { title: t('member.phone'), dataIndex: 'phone' },
        {
          title: t('member.jobs'),
          key: 'jobs',
          render: (_v, r) => (
            <Space wrap size={4}>
              {r.jobs.map((j) => (
                <span key={j.entryId}>
                  {j.jobName} <RoleTag role={j.role} />
                </span>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}

export function DeptTab() {
  const { t } = useTranslation(['enterprise', 'common']);
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const list = useQuery({ queryKey: keys.dept.list(), queryFn: () => call(api.dept.list) });
  const tree = useMemo(() => list.data?.list ?? [], [list.data]);
  const [selected, setSelected] = useState<number | null>(null);
  const [form, setForm] = useState<{ editing: DeptNode | null; pid: number } | null>(null);
  const current = selected === null ? null : findDept(tree, selected);

  const refresh = () => void qc.invalidateQueries({ queryKey: keys.dept.all });
  const save = useMutation({
    mutationFn: (v: DeptValues) =>
      form?.editing ? call(api.dept.edit, { id: form.editing.id, ...v }) : call(api.dept.add, v),
    onSuccess: (d) => {
      setForm(null);
      setSelected(d.id);
      refresh();
      void message.success(t('saved'));
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(api.dept.delete, { id }),
    onSuccess: () => {
      setSelected(null);
      refresh();
      void message.success(t('deleted'));
    },
    // A department with members or sub-departments is refused: say why, plainly, in a dialog.
    onError: (err) => {
      if (err instanceof ApiError && !err.handled) modal.error({ title: t('dept.cannotDelete'), content: err.message });
      else onError(err);
    },
  });

  const suffix = (d: DeptNode) => (d.memberCount > 0 ? ` (${d.memberCount})` : '');
  return (
    <div data-testid="ent-depts" style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(240px, 320px) 1fr' }}>
      <Card
        title={t('dept.tree')}
        extra={
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setForm({ editing: null, pid: 0 })}
            data-testid="dept-add-top"
          >
            {t('dept.addTop')}
          </Button>
        }
      >
        {tree.length === 0 && !list.isPending ? <Empty description={t('dept.empty')} /> : null}
        <Tree<TreeItem>
          blockNode
          defaultExpandAll
          key={tree.length}
          treeData={toTree(tree, suffix)}
          selectedKeys={selected === null ? [] : [selected]}
          onSelect={(sel) => setSelected(sel.length ? Number(sel[0]) : null)}
        />
      </Card>
      <Card
        title={current ? current.name : t('dept.pick')}
        extra={
          current ? (
            <Space>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setForm({ editing: null, pid: current.id })}
                data-testid="dept-add-child"
              >
                {t('dept.addChild')}
              </Button>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setForm({ editing: current, pid: current.pid })}
                data-testid="dept-edit"
              >
                {t('action.edit')}
              </Button>
              <Popconfirm
                title={t('dept.deleteConfirm', { name: current.name })}
                okText={t('action.delete')}
                cancelText={t('common:action.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(current.id)}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  loading={remove.isPending}
                  data-testid="dept-delete"
                >
                  {t('action.delete')}
                </Button>
              </Popconfirm>
            </Space>
          ) : null
        }
      >
        {current ? (
          <>
            <Typography.Paragraph type="secondary">
              {t('dept.memberCount', { count: current.memberCount })}
            </Typography.Paragraph>
            <Members key={current.id} dept={current} />
          </>
        ) : (
          <Typography.Text type="secondary">{t('dept.pickHint')}</Typography.Text>
        )}
      </Card>
      <DeptForm
        open={form !== null}
        editing={form?.editing ?? null}
        defaultPid={form?.pid ?? 0}
        tree={tree}
        saving={save.isPending}
        onCancel={() => setForm(null)}
        onSave={(v) => save.mutate({ ...v, pid: v.pid ?? 0 })}
      />
    </div>
  );
}

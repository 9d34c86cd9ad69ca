import { useMemo, useState } from 'react';
import { App, Button, Checkbox, Empty, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type RoleMenu } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { useLang } from '../../i18n';
import { useJobs } from './JobTab';
import { RoleTag, roleWord, useErrorToast } from './shared';
import { BIT_NAMES, FULL_WEIGHT, flattenWeights, hasBit, toggleBit } from './weight';

type Row = Omit<RoleMenu, 'children'> & { children?: Row[] };
const rows = (list: readonly RoleMenu[]): Row[] =>
  list.map((m) => ({ ...m, children: m.children.length ? rows(m.children) : undefined }));

/** Per job: a checkbox tree of menus with their operation bits; saved with permission/set-role-menus. */
export function RoleMenus() {
  const { t } = useTranslation('enterprise');
  const lang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const jobs = useJobs();
  const [picked, setPicked] = useState<number | null>(null);
  const jobId = picked ?? jobs.data?.[0]?.id ?? null;
  const [edits, setEdits] = useState<Map<number, number>>(new Map());
  const menus = useQuery({
    queryKey: keys.permission.roleMenus(jobId ?? 0),
    queryFn: async () => (await call(api.permission.roleMenus, { jobId: jobId ?? 0 })).list,
    enabled: jobId !== null,
  });
  const data = useMemo(() => rows(menus.data ?? []), [menus.data]);
  const weightOf = (m: Row) => edits.get(m.menuId) ?? m.weight;
  const setWeight = (menuId: number, weight: number) => setEdits((prev) => new Map(prev).set(menuId, weight));

  const save = useMutation({
    mutationFn: () =>
      call(api.permission.setRoleMenus, { jobId: jobId ?? 0, menus: flattenWeights(menus.data ?? [], edits) }),
    onSuccess: (res) => {
      qc.setQueryData(keys.permission.roleMenus(res.jobId), res.list);
      setEdits(new Map());
      void message.success(t('perm.savedRole'));
    },
    onError,
  });

  const job = jobs.data?.find((j) => j.id === jobId);
  return (
    <div data-testid="perm-roles">
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <Typography.Text>{t('perm.job')}</Typography.Text>
          <Select
            style={{ minWidth: 220 }}
            value={jobId ?? undefined}
            loading={jobs.isPending}
            data-testid="perm-job"
            aria-label={t('perm.job')}
            options={(jobs.data ?? []).map((j) => ({ value: j.id, label: `${j.name} · ${roleWord(t, j.role)}` }))}
            onChange={(v: number) => {
              setPicked(v);
              setEdits(new Map());
            }}
          />
          {job ? <RoleTag role={job.role} /> : null}
        </Space>
        <Space>
          <Button disabled={edits.size === 0} onClick={() => setEdits(new Map())}>
            {t('action.reset')}
          </Button>
          <Button
            type="primary"
            disabled={edits.size === 0 || jobId === null}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="perm-save"
          >
            {t('action.save')}
          </Button>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('perm.hint')}
      </Typography.Paragraph>
      {jobId === null && !jobs.isPending ? (
        <Empty description={t('job.empty')} />
      ) : (
        <Table<Row>
          rowKey="menuId"
          size="small"
          loading={menus.isFetching}
          dataSource={data}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          key={`${jobId}-${data.length}`}
          scroll={{ x: 900 }}
          columns={[
            {
              title: t('perm.menuTitle'),
              key: 'title',
              fixed: 'left',
              width: 200,
              render: (_v, m) => (lang === 'en' ? m.titleEn || m.title : m.title),
            },
            {
              title: t('perm.all'),
              key: 'all',
              width: 70,
              render: (_v, m) => {
                const w = weightOf(m);
                return (
                  <Checkbox
                    checked={w === FULL_WEIGHT}
                    indeterminate={w !== 0 && w !== FULL_WEIGHT}
                    onChange={(e) => setWeight(m.menuId, e.target.checked ? FULL_WEIGHT : 0)}
                    aria-label={t('perm.all')}
                  />
                );
              },
            },
            ...BIT_NAMES.map((bit) => ({
              title: t(`bit.${bit}`),
              key: bit,
              width: 80,
              render: (_v: unknown, m: Row) => (
                <Checkbox
                  checked={hasBit(weightOf(m), bit)}
                  onChange={(e) => setWeight(m.menuId, toggleBit(weightOf(m), bit, e.target.checked))}
                  data-testid={`perm-${m.menuId}-${bit}`}
                  aria-label={t(`bit.${bit}`)}
                />
              ),
            })),
          ]}
        />
      )}
    </div>
  );
}

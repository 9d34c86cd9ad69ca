import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Table, Tag, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type MenuNode } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { useLang } from '../../i18n';
import { useErrorToast } from './shared';

type Values = { path: string; title: string; titleEn?: string; icon?: string; sort: number; pid: number };
type Row = Omit<MenuNode, 'children'> & { children?: Row[] };
type Option = { value: number; title: string; children: Option[] };

const rows = (list: readonly MenuNode[]): Row[] =>
  list.map((m) => ({ ...m, children: m.children.length ? rows(m.children) : undefined }));
const options = (list: readonly MenuNode[], exclude?: number): Option[] =>
  list
    .filter((m) => m.id !== exclude)
    .map((m) => ({ value: m.id, title: m.title, children: options(m.children, exclude) }));

/** The permission menu catalogue: list, add, edit (path, title, icon, sort, level, pid). */
export function MenuCatalogue() {
  const { t } = useTranslation(['enterprise', 'common']);
  const lang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const list = useQuery({
    queryKey: keys.permission.list(),
    queryFn: async () => (await call(api.permission.list)).list,
  });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing === 'new') form.setFieldsValue({ path: '/', title: '', sort: 0, pid: 0 });
    else
      form.setFieldsValue({
        path: editing.path,
        title: editing.title,
        titleEn: editing.titleEn,
        icon: editing.icon,
        sort: editing.sort,
        pid: editing.pid,
      });
  }, [editing, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { ...v, pid: v.pid ?? 0 };
      return editing && editing !== 'new'
        ? call(api.permission.edit, { id: editing.id, ...body })
        : call(api.permission.add, body);
    },
    onSuccess: () => {
      setEditing(null);
      void qc.invalidateQueries({ queryKey: keys.permission.all });
      void message.success(t('saved'));
    },
    onError,
  });

  return (
    <div data-testid="perm-catalogue">
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="perm-menu-add">
          {t('perm.addMenu')}
        </Button>
      </div>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={rows(list.data ?? [])}
        pagination={false}
        columns={[
          {
            title: t('perm.menuTitle'),
            key: 'title',
            render: (_v, m) => (lang === 'en' ? m.titleEn || m.title : m.title),
          },
          { title: t('perm.path'), dataIndex: 'path' },
          { title: t('perm.icon'), dataIndex: 'icon' },
          { title: t('perm.sort'), dataIndex: 'sort', width: 80 },
          { title: t('perm.level'), dataIndex: 'level', width: 80 },
          {
            title: '',
            key: 'main',
            width: 110,
            render: (_v, m) => (m.mainOnly ? <Tag color="gold">{t('perm.mainOnly')}</Tag> : null),
          },
          {
            title: t('action.actions'),
            key: 'a',
            width: 90,
            render: (_v, m) => (
              <Button type="link" size="small" onClick={() => setEditing(m)}>
                {t('action.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('perm.addMenu') : t('perm.editMenu')}
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
            name="path"
            label={t('perm.path')}
            rules={[{ required: true, pattern: /^\/[\w\-/]*$/, message: t('perm.pathRule') }]}
          >
            <Input maxLength={100} data-testid="perm-form-path" />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('perm.menuTitle')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input maxLength={32} data-testid="perm-form-title" />
          </Form.Item>
          <Form.Item name="titleEn" label={t('perm.titleEn')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="icon" label={t('perm.icon')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="sort" label={t('perm.sort')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="pid" label={t('perm.parent')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('perm.topLevel')}
              treeData={options(list.data ?? [], editing && editing !== 'new' ? editing.id : undefined)}
              onChange={(v: number | undefined) => form.setFieldValue('pid', v ?? 0)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

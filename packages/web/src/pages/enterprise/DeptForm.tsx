import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeptNode } from '@vitrine/contract';

export type DeptValues = { name: string; pid: number; sort?: number };

type TreeOption = { value: number; title: string; disabled?: boolean; children: TreeOption[] };

/** Parent choices; a department cannot move under itself or its own descendants. */
export function parentOptions(list: readonly DeptNode[], exclude?: number): TreeOption[] {
  return list.map((d) => ({
    value: d.id,
    title: d.name,
    disabled: d.id === exclude,
    children: d.id === exclude ? [] : parentOptions(d.children, exclude),
  }));
}

type Props = {
  open: boolean;
  editing: DeptNode | null;
  defaultPid: number;
  tree: readonly DeptNode[];
  saving: boolean;
  onCancel: () => void;
  onSave: (values: DeptValues) => void;
};

export function DeptForm({ open, editing, defaultPid, tree, saving, onCancel, onSave }: Props) {
  const { t } = useTranslation(['enterprise', 'common']);
  const [form] = Form.useForm<DeptValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing ? { name: editing.name, pid: editing.pid, sort: editing.sort } : { name: '', pid: defaultPid, sort: 0 },
    );
  }, [open, editing, defaultPid, form]);

  return (
    <Modal
      open={open}
      title={editing ? t('dept.edit') : t('dept.add')}
      okText={t('action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(onSave, () => undefined)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('dept.name')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 32 }]}
        >
          <Input maxLength={32} data-testid="dept-form-name" />
        </Form.Item>
        <Form.Item name="pid" label={t('dept.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('dept.topLevel')}
            treeData={parentOptions(tree, editing?.id)}
            onChange={(v: number | undefined) => form.setFieldValue('pid', v ?? 0)}
          />
        </Form.Item>
        <Form.Item name="sort" label={t('dept.sort')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

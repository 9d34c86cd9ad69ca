import { useEffect, useState, type ComponentType } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, fieldErrors } from '../../api/client';
import { enumLabel } from './columns';
import { translate } from '../../i18n/keys';
import { DateField, EtSelect, RegionField, ShopSelect } from './fields';
import type { FieldSpec, LifecycleCalls, LifecycleRow } from './types';

type Values = Record<string, unknown>;
const REGION = ['province', 'city', 'district'] as const;

/** Row → form values (region fields joined into one cascader value). */
export function toFormValues(fields: FieldSpec[], row: Values | null, defaults: Values = {}): Values {
  const out: Values = {};
  for (const f of fields) {
    if (f.kind === 'region') out.region = row ? REGION.map((k) => row[k]).filter(Boolean) : [];
    else out[f.name] = f.fixed ?? (row ? row[f.name] : defaults[f.name]);
  }
  return out;
}

/** Form values → the contract's data body (region split back; empty optional values left out). */
export function toBody(fields: FieldSpec[], values: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    if (f.showIf && !f.showIf(values)) continue;
    if (f.kind === 'region') {
      const region = (values.region as string[] | undefined) ?? [];
      REGION.forEach((k, i) => {
        out[k] = region[i];
      });
    } else {
      const v = f.fixed ?? values[f.name];
      if (v !== undefined && v !== null && v !== '') out[f.name] = v;
    }
  }
  return out;
}

/** Create or edit a record from the entity's declared form fields. */
export function FormDrawer({
  calls,
  fields,
  row,
  open,
  title,
  defaults,
  aside: Aside,
  onClose,
  onSaved,
}: {
  calls: LifecycleCalls;
  fields: FieldSpec[];
  row: LifecycleRow | null;
  open: boolean;
  title: string;
  defaults?: Values;
  aside?: ComponentType<{ values: Values }>;
  onClose: () => void;
  onSaved: (saved: { id: number }) => void;
}) {
  const wide = fields.some((f) => f.widget);
  const { t } = useTranslation(['lifecycle', 'common']);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const shopId = Form.useWatch('shopId', form) as number | undefined;
  // every value, for fields shown only when others call for them and widgets that read others
  const values = (Form.useWatch([], { form, preserve: true }) ?? {}) as Values;
  const record = row as Values | null;

  useEffect(() => {
    if (open) form.setFieldsValue(toFormValues(fields, record, defaults));
  }, [open, form, fields, record, defaults]);

  const submit = async () => {
    // Invalid fields show their messages in the form; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const body = toBody(fields, values);
      const saved = (await (row ? call(calls.update, { ...body, id: row.id }) : call(calls.create, body))) as {
        id: number;
      };
      void message.success(row ? t('done.update') : t('done.create'));
      onSaved(saved);
    } catch (err) {
      const errs = fieldErrors(err).map((e) =>
        REGION.includes(e.name as (typeof REGION)[number]) ? { ...e, name: 'region' } : e,
      );
      if (errs.length) form.setFields(errs);
      else if (err instanceof Error && !(err as { handled?: boolean }).handled) void message.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  // Esc, a click outside or Cancel on a half-written form asks before its work is thrown away (issue 25 §4)
  const close = () => {
    if (!form.isFieldsTouched()) return onClose();
    void modal.confirm({
      title: t('confirm.discard'),
      content: t('confirm.discardHelp'),
      okText: t('confirm.discardOk'),
      cancelText: t('confirm.keepEditing'),
      okButtonProps: { danger: true, 'data-testid': 'discard-ok' } as ButtonProps,
      onOk: onClose,
    });
  };

  const input = (f: FieldSpec) => {
    if (f.widget) return <f.widget values={values} />;
    switch (f.kind) {
      case 'textarea':
        return <Input.TextArea rows={3} maxLength={200} />;
      case 'number':
        return <InputNumber min={f.min} max={f.max} style={{ width: '100%' }} />;
      case 'select':
        return (
          <Select
            options={Object.keys(f.valueEnum ?? {}).map((k) => ({
              value: f.numeric ? Number(k) : k,
              label: enumLabel(t, f.valueEnum, k),
            }))}
          />
        );
      case 'date':
        return <DateField />;
      case 'region':
        return <RegionField />;
      case 'shop':
        return <ShopSelect initialLabel={record?.shopName as string | undefined} />;
      case 'et':
        return <EtSelect shopId={shopId} initialLabel={record?.etName as string | undefined} />;
      default:
        return <Input maxLength={f.kind === 'phone' ? 20 : 64} />;
    }
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      size={wide ? 720 : 520}
      title={title}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close} data-testid="form-cancel">
            {t('common:action.cancel')}
          </Button>
          <Button type="primary" loading={saving} data-testid="form-save" onClick={() => void submit()}>
            {t('action.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="lifecycle-form">
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.kind === 'region' ? 'region' : f.name}
            label={translate(t, f.label)}
            hidden={f.fixed !== undefined || (f.showIf ? !f.showIf(values) : false)}
            extra={f.help ? translate(t, f.help) : undefined}
            rules={
              f.required ? [{ required: true, message: t('form.required', { field: translate(t, f.label) }) }] : []
            }
          >
            {input(f)}
          </Form.Item>
        ))}
      </Form>
      {Aside ? <Aside values={values} /> : null}
    </Drawer>
  );
}

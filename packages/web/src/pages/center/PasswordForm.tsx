import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, Segmented, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { SmsCodeButton } from '../_public/SmsCodeButton';
import { codeRule, passwordRule } from '../_public/rules';
import { useFormFeedback } from '../_public/useFormFeedback';

type Values = { un: string; oldPw?: string; code?: string; pw: string; pw2: string };
const FIELDS = ['un', 'oldPw', 'code', 'pw', 'pw2'] as const;

/** Change password with the old password, or with an SMS code sent to my phone (purpose reset). */
export function PasswordForm({ phone }: { phone: string }) {
  const { t } = useTranslation('center');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<'old' | 'sms'>('old');
  const { alert, onError, clearAlert } = useFormFeedback(form, FIELDS);

  useEffect(() => form.setFieldValue('un', phone), [phone, form]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      call(api.account.changePassword, mode === 'old' ? { oldPw: v.oldPw, pw: v.pw } : { code: v.code, pw: v.pw }),
    onSuccess: () => {
      form.resetFields(['oldPw', 'code', 'pw', 'pw2']);
      void message.success(t('password.changed'));
    },
    onError,
  });

  return (
    <Card title={t('editor.password')} data-testid="editor-password">
      <Segmented
        style={{ marginBottom: 16 }}
        value={mode}
        onChange={(v) => {
          setMode(v === 'sms' ? 'sms' : 'old');
          clearAlert();
        }}
        options={[
          { value: 'old', label: t('password.byOld') },
          { value: 'sms', label: t('password.bySms') },
        ]}
      />
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} initialValues={{ un: phone }}>
        <Form.Item name="un" hidden>
          <Input />
        </Form.Item>
        {mode === 'old' ? (
          <Form.Item name="oldPw" label={t('password.old')} rules={[{ required: true, message: t('required') }]}>
            <Input.Password autoComplete="current-password" data-testid="editor-old-pw" />
          </Form.Item>
        ) : (
          <Form.Item label={t('password.code', { phone: phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') })} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={[codeRule(lang)]}>
                <Input maxLength={6} inputMode="numeric" data-testid="editor-pw-code" />
              </Form.Item>
              <SmsCodeButton form={form} purpose="reset" testId="editor-pw-send-code" onError={onError} />
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item name="pw" label={t('password.new')} rules={[passwordRule(lang)]}>
          <Input.Password autoComplete="new-password" data-testid="editor-pw" />
        </Form.Item>
        <Form.Item
          name="pw2"
          label={t('password.repeat')}
          dependencies={['pw']}
          rules={[
            { required: true, message: t('required') },
            ({ getFieldValue }) => ({
              validator: (_r, v: string) =>
                !v || v === getFieldValue('pw') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="editor-pw2" />
        </Form.Item>
        {alert ? (
          <div role="alert" style={{ color: '#ff4d4f', marginBottom: 12 }}>
            {alert}
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="editor-pw-save">
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}

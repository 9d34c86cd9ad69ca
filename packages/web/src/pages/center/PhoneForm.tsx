import { App, Button, Card, Form, Input, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { useLang } from '../../i18n';
import { appStore } from '../../state/app';
import { COOKIE, setCookie } from '../../state/cookies';
import { SmsCodeButton } from '../_public/SmsCodeButton';
import { codeRule, phoneRule } from '../_public/rules';
import { useFormFeedback } from '../_public/useFormFeedback';
import { maskPhone } from './mask';

type Values = { un: string; code: string };
const FIELDS = ['un', 'code'] as const;

/** Change phone: an SMS code sent to the new phone (purpose bind); the server refuses a registered phone. */
export function PhoneForm({ phone }: { phone: string }) {
  const { t } = useTranslation('center');
  const lang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { alert, onError } = useFormFeedback(form, FIELDS);

  const save = useMutation({
    mutationFn: (v: Values) => call(api.account.changePhone, { un: v.un.trim(), code: v.code.trim() }),
    onSuccess: (_r, v) => {
      // The account name is the phone (cookie userName, spec §3).
      setCookie(COOKIE.userName, v.un.trim(), 30);
      appStore.set({ userName: v.un.trim() });
      form.resetFields();
      void qc.invalidateQueries({ queryKey: keys.account.info() });
      void message.success(t('phoneChanged'));
    },
    onError,
  });

  return (
    <Card title={t('editor.phone')} data-testid="editor-phone">
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item label={t('phoneNow')}>
          <Input value={maskPhone(phone)} disabled aria-label={t('phoneNow')} />
        </Form.Item>
        <Form.Item name="un" label={t('phoneNew')} rules={[phoneRule(lang)]}>
          <Input maxLength={11} inputMode="numeric" data-testid="editor-phone-new" />
        </Form.Item>
        <Form.Item label={t('phoneCode')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[codeRule(lang)]}>
              <Input maxLength={6} inputMode="numeric" data-testid="editor-phone-code" aria-label={t('phoneCode')} />
            </Form.Item>
            <SmsCodeButton form={form} purpose="bind" testId="editor-phone-send-code" onError={onError} />
          </Space.Compact>
        </Form.Item>
        {alert ? (
          <div role="alert" data-testid="editor-phone-alert" style={{ color: '#ff4d4f', marginBottom: 12 }}>
            {alert}
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="editor-phone-save">
          {t('phoneSubmit')}
        </Button>
      </Form>
    </Card>
  );
}

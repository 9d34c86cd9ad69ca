import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { baseMessage as message } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { CodeField, PhoneField } from '../_public/PhoneCodeFields';
import { passwordRule } from '../_public/rules';
import { FormPage, PublicLayout } from '../_public/PublicLayout';
import { useFormFeedback } from '../_public/useFormFeedback';
import type { IndexNotice } from '../index/LoginPanel';

type Values = { un: string; code: string; pw: string; pw2: string };
const FIELDS = ['un', 'code', 'pw', 'pw2'] as const;

/** /resetPw: phone, SMS code (purpose reset), new password twice → back to /index with a notice. */
export default function ResetPwPage() {
  const { t } = useTranslation('public');
  const lang = useLang();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const { alert, clearAlert, onError } = useFormFeedback(form, FIELDS);

  const submit = async (values: Values) => {
    clearAlert();
    setSubmitting(true);
    try {
      await call(api.account.resetPassword, { un: values.un.trim(), code: values.code.trim(), pw: values.pw });
      const state: IndexNotice = { notice: 'reset' };
      void navigate('/index', { replace: true, state });
    } catch (err) {
      onError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout>
      <FormPage>
        <Card variant="borderless" styles={{ body: { padding: 32 } }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {t('reset.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('reset.subtitle')}</Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            size="large"
            requiredMark={false}
            onFinish={(v) => void submit(v)}
            onValuesChange={clearAlert}
          >
            <PhoneField
              testId="reset-un"
              label={t('field.phone')}
              placeholder={t('field.phonePlaceholder')}
              autoComplete="username"
            />
            <CodeField
              form={form}
              purpose="reset"
              testPrefix="reset"
              label={t('field.code')}
              placeholder={t('field.codePlaceholder')}
              onError={onError}
            />
            <Form.Item
              name="pw"
              label={t('reset.newPassword')}
              rules={[passwordRule(lang)]}
              extra={t('field.passwordHint')}
            >
              <Input.Password
                data-testid="reset-pw"
                prefix={<LockOutlined />}
                placeholder={t('field.passwordPlaceholder')}
                autoComplete="new-password"
              />
            </Form.Item>
            <Form.Item
              name="pw2"
              label={t('reset.repeat')}
              dependencies={['pw']}
              rules={[
                { required: true, message: message('field.required', lang) },
                ({ getFieldValue }) => ({
                  validator: (_rule, value: unknown) =>
                    !value || value === getFieldValue('pw')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('reset.mismatch'))),
                }),
              ]}
            >
              <Input.Password
                data-testid="reset-pw2"
                prefix={<LockOutlined />}
                placeholder={t('reset.repeatPlaceholder')}
                autoComplete="new-password"
              />
            </Form.Item>
            {alert && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={alert} />}
            <Button data-testid="reset-submit" type="primary" htmlType="submit" block loading={submitting}>
              {t('reset.submit')}
            </Button>
          </Form>
          <div style={{ textAlign: 'center', marginTop: 16 }}>
            <Link to="/index">{t('reset.back')}</Link>
          </div>
        </Card>
      </FormPage>
    </PublicLayout>
  );
}

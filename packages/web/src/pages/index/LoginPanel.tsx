import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Tabs, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { baseMessage as message } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { isLoggedIn, saveLogin } from '../../state/session';
import { CodeField, PhoneField } from '../_public/PhoneCodeFields';
import { redirectTarget } from '../_public/rules';
import { useFormFeedback } from '../_public/useFormFeedback';
import { LinkButton } from '../_public/LinkButton';

type Mode = 'password' | 'sms';
type Values = { un: string; pw?: string; code?: string };

const FIELDS = ['un', 'pw', 'code'] as const;

/** Notices other pages hand over through navigation state (e.g. after a password reset). */
export type IndexNotice = { notice?: 'reset' };

/** Login panel of /index: password tab (un, pw) and SMS-code tab (un, code) sharing the phone. */
export function LoginPanel() {
  const { t } = useTranslation('public');
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('password');
  const [submitting, setSubmitting] = useState(false);
  const { alert, clearAlert, onError } = useFormFeedback(form, FIELDS);
  const notice = (location.state as IndexNotice | null)?.notice;
  const redirect = params.get('redirect');

  const switchMode = (key: string) => {
    setMode(key === 'sms' ? 'sms' : 'password');
    clearAlert();
    form.setFields([
      { name: 'pw', errors: [] },
      { name: 'code', errors: [] },
    ]);
  };

  const submit = async (values: Values) => {
    clearAlert();
    setSubmitting(true);
    try {
      const un = values.un.trim();
      const result =
        mode === 'password'
          ? await call(api.account.login, { un, pw: values.pw ?? '' })
          : await call(api.account.loginSms, { un, code: (values.code ?? '').trim() });
      saveLogin(result);
      void navigate(redirectTarget(redirect), { replace: true });
    } catch (err) {
      onError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card variant="borderless" style={{ boxShadow: '0 12px 40px rgba(15, 35, 95, 0.12)' }} styles={{ body: { padding: 28 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('login.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
      {isLoggedIn() && (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={t('login.already')}
          action={
            <LinkButton size="small" type="primary" to="/home">
              {t('nav.console')}
            </LinkButton>
          }
        />
      )}
      {notice === 'reset' && <Alert style={{ marginTop: 16 }} type="success" showIcon title={t('login.resetDone')} />}
      {redirect && !isLoggedIn() && <Alert style={{ marginTop: 16 }} type="info" showIcon title={t('login.redirectHint')} />}
      <Tabs
        activeKey={mode}
        onChange={switchMode}
        style={{ marginTop: 8 }}
        items={[
          { key: 'password', label: <span data-testid="login-tab-password">{t('login.tabPassword')}</span> },
          { key: 'sms', label: <span data-testid="login-tab-sms">{t('login.tabSms')}</span> },
        ]}
      />
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)} onValuesChange={clearAlert}>
        <PhoneField testId="login-un" placeholder={t('field.phone')} autoComplete="username" />
        {mode === 'password' ? (
          <Form.Item name="pw" rules={[{ required: true, message: message('field.required', lang) }]}>
            <Input.Password data-testid="login-pw" prefix={<LockOutlined />} placeholder={t('field.password')} autoComplete="current-password" />
          </Form.Item>
        ) : (
          <CodeField form={form} purpose="login" testPrefix="login" placeholder={t('field.code')} onError={onError} />
        )}
        {alert && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={alert} />}
        <Button data-testid="login-submit" type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/register">{t('login.toRegister')}</Link>
        <Link to="/resetPw">{t('login.toReset')}</Link>
      </div>
    </Card>
  );
}

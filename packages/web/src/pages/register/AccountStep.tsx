import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { saveLogin } from '../../state/session';
import { CodeField, PhoneField } from '../_public/PhoneCodeFields';
import { passwordRule, schemaRule } from '../_public/rules';
import { useFormFeedback } from '../_public/useFormFeedback';

type Values = { un: string; code: string; pw: string; nickname: string };
const FIELDS = ['un', 'code', 'pw', 'nickname'] as const;

/** Step 1 of /register: phone, SMS code (purpose register), password 8–64, nickname. */
export function AccountStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('public');
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const { alert, clearAlert, onError } = useFormFeedback(form, FIELDS);

  const submit = async (values: Values) => {
    clearAlert();
    setSubmitting(true);
    try {
      const result = await call(api.account.register, {
        un: values.un.trim(),
        code: values.code.trim(),
        pw: values.pw,
        nickname: values.nickname.trim(),
      });
      saveLogin(result);
      onDone();
    } catch (err) {
      onError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
      onValuesChange={clearAlert}
    >
      <PhoneField
        testId="register-un"
        label={t('field.phone')}
        placeholder={t('field.phonePlaceholder')}
        autoComplete="tel"
      />
      <CodeField
        form={form}
        purpose="register"
        testPrefix="register"
        label={t('field.code')}
        placeholder={t('field.codePlaceholder')}
        onError={onError}
      />
      <Form.Item name="pw" label={t('field.password')} rules={[passwordRule(lang)]} extra={t('field.passwordHint')}>
        <Input.Password
          data-testid="register-pw"
          prefix={<LockOutlined />}
          placeholder={t('field.passwordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="nickname"
        label={t('field.nickname')}
        rules={[schemaRule((c) => c.api.account.register.body.shape.nickname, lang)]}
      >
        <Input
          data-testid="register-nickname"
          prefix={<UserOutlined />}
          placeholder={t('field.nicknamePlaceholder')}
          maxLength={32}
          autoComplete="nickname"
        />
      </Form.Item>
      {alert && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={alert} />}
      <Button data-testid="register-submit" type="primary" htmlType="submit" block loading={submitting}>
        {t('register.submit')}
      </Button>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        {t('register.haveAccount')}{' '}
        <Link to="/index" className="vt-text-link">
          {t('register.toLogin')}
        </Link>
      </div>
    </Form>
  );
}

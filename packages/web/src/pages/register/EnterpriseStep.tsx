import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Typography, theme } from 'antd';
import { BankOutlined, TeamOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RET } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { useLang } from '../../i18n';
import { schemaRule } from '../_public/rules';
import { useFormFeedback } from '../_public/useFormFeedback';
import type { SucceedState } from '../registerSucceed/flags';

export type Choice = 'create' | 'join';

function ChoiceCard({ choice, active, onPick }: { choice: Choice; active: boolean; onPick: (c: Choice) => void }) {
  const { t } = useTranslation('public');
  const { token } = theme.useToken();
  return (
    <Card
      hoverable
      role="radio"
      aria-checked={active}
      data-testid={`register-choice-${choice}`}
      onClick={() => onPick(choice)}
      style={{
        height: '100%',
        borderColor: active ? token.colorPrimary : undefined,
        background: active ? token.colorPrimaryBg : undefined,
      }}
      styles={{ body: { padding: 20 } }}
    >
      <div style={{ fontSize: 24, color: token.colorPrimary, marginBottom: 8 }}>
        {choice === 'create' ? <BankOutlined /> : <TeamOutlined />}
      </div>
      <Typography.Text strong>{t(`register.${choice}.title`)}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
        {t(`register.${choice}.text`)}
      </Typography.Paragraph>
    </Card>
  );
}

function CreateForm() {
  const { t } = useTranslation('public');
  const lang = useLang();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ title: string }>();
  const [submitting, setSubmitting] = useState(false);
  const { alert, clearAlert, onError } = useFormFeedback(form, ['title']);

  const submit = async ({ title }: { title: string }) => {
    clearAlert();
    setSubmitting(true);
    try {
      const created = await call(api.company.create, { title: title.trim() });
      const state: SucceedState = { title: created.title, code: created.companyCode };
      void navigate('/register_succeed?flag=1', { state });
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
      <Form.Item
        name="title"
        label={t('register.create.field')}
        rules={[schemaRule((c) => c.api.company.create.body.shape.title, lang)]}
        extra={t('register.create.hint')}
      >
        <Input data-testid="register-create-title" placeholder={t('register.create.placeholder')} maxLength={64} />
      </Form.Item>
      {alert && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={alert} />}
      <Button data-testid="register-create-submit" type="primary" htmlType="submit" block loading={submitting}>
        {t('register.create.submit')}
      </Button>
    </Form>
  );
}

function JoinForm() {
  const { t } = useTranslation('public');
  const lang = useLang();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ enCode: string }>();
  const [submitting, setSubmitting] = useState(false);
  const { alert, clearAlert, onError } = useFormFeedback(form, ['enCode']);

  const submit = async ({ enCode }: { enCode: string }) => {
    clearAlert();
    setSubmitting(true);
    try {
      const applied = await call(api.company.applyJoin, { enCode: enCode.trim() });
      const state: SucceedState = { title: applied.title, code: enCode.trim() };
      void navigate('/register_succeed?flag=2', { state });
    } catch (err) {
      // An unknown code is a 404 without fields; it still belongs on the code field.
      if (err instanceof ApiError && err.ret === RET.notFound)
        form.setFields([{ name: 'enCode', errors: [err.message] }]);
      else onError(err);
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
      <Form.Item
        name="enCode"
        label={t('register.join.field')}
        rules={[schemaRule((c) => c.api.company.applyJoin.body.shape.enCode, lang)]}
        extra={t('register.join.hint')}
      >
        <Input data-testid="register-join-code" placeholder={t('register.join.placeholder')} maxLength={32} />
      </Form.Item>
      {alert && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={alert} />}
      <Button data-testid="register-join-submit" type="primary" htmlType="submit" block loading={submitting}>
        {t('register.join.submit')}
      </Button>
    </Form>
  );
}

/** Step 2 of /register: create an enterprise (→ flag 1) or apply to join one by code (→ flag 2). */
export function EnterpriseStep({ choice, onChoice }: { choice: Choice; onChoice: (c: Choice) => void }) {
  const { t } = useTranslation('public');
  return (
    <div>
      <Row gutter={[12, 12]} role="radiogroup" style={{ marginBottom: 24 }}>
        <Col xs={24} sm={12}>
          <ChoiceCard choice="create" active={choice === 'create'} onPick={onChoice} />
        </Col>
        <Col xs={24} sm={12}>
          <ChoiceCard choice="join" active={choice === 'join'} onPick={onChoice} />
        </Col>
      </Row>
      {choice === 'create' ? <CreateForm /> : <JoinForm />}
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/home">{t('register.later')}</Link>
      </div>
    </div>
  );
}

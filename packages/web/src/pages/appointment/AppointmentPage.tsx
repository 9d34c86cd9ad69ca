import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Result, Row, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { phoneRule, schemaRule } from '../_public/rules';
import { CONTENT_WIDTH, PublicLayout } from '../_public/PublicLayout';
import { LinkButton } from '../_public/LinkButton';
import { useFormFeedback } from '../_public/useFormFeedback';

type Values = { name: string; phone: string; company: string; city?: string; stores?: number | null; note?: string };
const FIELDS = ['name', 'phone', 'company', 'city', 'stores', 'note'] as const;
const AGENDA = ['ads', 'devices', 'data', 'setup'] as const;

function Agenda() {
  const { t } = useTranslation('public');
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('appointment.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('appointment.subtitle')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('appointment.agendaTitle')}</Typography.Title>
      {AGENDA.map((item) => (
        <Typography.Paragraph key={item} style={{ display: 'flex', gap: 8 }}>
          <CheckCircleOutlined style={{ color: '#52c41a', marginTop: 4 }} />
          <span>{t(`appointment.agenda.${item}`)}</span>
        </Typography.Paragraph>
      ))}
    </div>
  );
}

/** /make_an_appointment: a demo booking, stored by public/appointment and listed by the admin command. */
export default function AppointmentPage() {
  const { t } = useTranslation('public');
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<string | null>(null);
  const { alert, clearAlert, onError } = useFormFeedback(form, FIELDS);

  const submit = async (values: Values) => {
    clearAlert();
    setSubmitting(true);
    try {
      await call(api.public.appointment, {
        name: values.name.trim(),
        phone: values.phone.trim(),
        company: values.company.trim(),
        city: values.city?.trim() || undefined,
        stores: values.stores ?? undefined,
        note: values.note?.trim() || undefined,
      });
      setBooked(values.name.trim());
    } catch (err) {
      onError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout>
      <div style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto', padding: '40px 16px 24px' }}>
        {booked !== null ? (
          <Card variant="borderless">
            <Result
              status="success"
              title={t('appointment.thanksTitle')}
              subTitle={t('appointment.thanksText', { name: booked })}
              extra={[
                <LinkButton key="home" type="primary" to="/index">
                  {t('appointment.backHome')}
                </LinkButton>,
                <LinkButton key="intro" to="/introduce">
                  {t('nav.introduce')}
                </LinkButton>,
              ]}
            />
          </Card>
        ) : (
          <Row gutter={[40, 32]}>
            <Col xs={24} lg={10}>
              <Agenda />
            </Col>
            <Col xs={24} lg={14}>
              <Card variant="borderless" styles={{ body: { padding: 28 } }}>
                <Form
                  form={form}
                  layout="vertical"
                  requiredMark="optional"
                  onFinish={(v) => void submit(v)}
                  onValuesChange={clearAlert}
                >
                  <Row gutter={16}>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name="name"
                        label={t('appointment.name')}
                        required
                        rules={[schemaRule((c) => c.api.public.appointment.body.shape.name, lang)]}
                      >
                        <Input data-testid="appointment-name" maxLength={32} autoComplete="name" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12}>
                      <Form.Item name="phone" label={t('field.phone')} required rules={[phoneRule(lang)]}>
                        <Input data-testid="appointment-phone" maxLength={11} inputMode="numeric" autoComplete="tel" />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Form.Item
                    name="company"
                    label={t('appointment.company')}
                    required
                    rules={[schemaRule((c) => c.api.public.appointment.body.shape.company, lang)]}
                  >
                    <Input data-testid="appointment-company" maxLength={64} autoComplete="organization" />
                  </Form.Item>
                  <Row gutter={16}>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name="city"
                        label={t('appointment.city')}
                        rules={[schemaRule((c) => c.api.public.appointment.body.shape.city, lang)]}
                      >
                        <Input data-testid="appointment-city" maxLength={32} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12}>
                      <Form.Item name="stores" label={t('appointment.stores')}>
                        <InputNumber
                          data-testid="appointment-stores"
                          min={0}
                          max={1_000_000}
                          precision={0}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Form.Item
                    name="note"
                    label={t('appointment.note')}
                    rules={[schemaRule((c) => c.api.public.appointment.body.shape.note, lang)]}
                    style={{ marginBottom: 32 }}
                  >
                    <Input.TextArea
                      data-testid="appointment-note"
                      rows={4}
                      maxLength={500}
                      showCount
                      placeholder={t('appointment.notePlaceholder')}
                    />
                  </Form.Item>
                  {alert && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={alert} />}
                  <Button
                    data-testid="appointment-submit"
                    type="primary"
                    htmlType="submit"
                    size="large"
                    block
                    loading={submitting}
                  >
                    {t('appointment.submit')}
                  </Button>
                  <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
                    {t('appointment.privacy')}
                  </Typography.Paragraph>
                </Form>
              </Card>
            </Col>
          </Row>
        )}
      </div>
    </PublicLayout>
  );
}

import type { ReactNode } from 'react';
import { Col, Row, Space, Typography, theme } from 'antd';
import { ArrowRightOutlined, CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONTENT_WIDTH, PublicLayout } from '../_public/PublicLayout';
import { LinkButton } from '../_public/LinkButton';
import { FeatureCards, LoopSteps } from './features';
import { LoginPanel } from './LoginPanel';

function Section({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto', padding: '56px 16px 8px' }}>
      <Typography.Title level={2} style={{ textAlign: 'center', marginBottom: 8 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', maxWidth: 720, margin: '0 auto 32px' }}>
        {subtitle}
      </Typography.Paragraph>
      {children}
    </section>
  );
}

/** /index: the product landing with the login panel (spec §2, DESIGN §6). */
export default function IndexPage() {
  const { t } = useTranslation('public');
  const { token } = theme.useToken();
  return (
    <PublicLayout>
      <div style={{ background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 70%)` }}>
        <Row
          gutter={[48, 32]}
          align="middle"
          style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto', padding: '56px 16px' }}
        >
          <Col xs={24} lg={14}>
            <Typography.Text strong style={{ color: token.colorPrimary, letterSpacing: 1 }}>
              {t('hero.eyebrow')}
            </Typography.Text>
            <Typography.Title style={{ fontSize: 40, lineHeight: 1.25, margin: '12px 0 20px' }}>{t('hero.title')}</Typography.Title>
            <Typography.Paragraph style={{ fontSize: 16, color: token.colorTextSecondary, maxWidth: 620 }}>
              {t('hero.text')}
            </Typography.Paragraph>
            <ul style={{ paddingLeft: 20, color: token.colorTextSecondary, lineHeight: 2, margin: '0 0 28px' }}>
              <li>{t('hero.point1')}</li>
              <li>{t('hero.point2')}</li>
              <li>{t('hero.point3')}</li>
            </ul>
            <Space wrap size={12}>
              <LinkButton to="/introduce" type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
                {t('hero.learnMore')}
              </LinkButton>
              <LinkButton to="/make_an_appointment" size="large" icon={<CalendarOutlined />}>
                {t('hero.bookDemo')}
              </LinkButton>
            </Space>
          </Col>
          <Col xs={24} lg={10}>
            <LoginPanel />
          </Col>
        </Row>
      </div>
      <Section title={t('features.heading')} subtitle={t('features.subheading')}>
        <FeatureCards />
      </Section>
      <Section title={t('loop.heading')} subtitle={t('loop.subheading')}>
        <LoopSteps />
        <div style={{ textAlign: 'center', padding: '24px 0 32px' }}>
          <Space wrap size={12}>
            <LinkButton to="/introduce" size="large">
              {t('hero.learnMore')}
            </LinkButton>
            <LinkButton to="/make_an_appointment" type="primary" size="large">
              {t('hero.bookDemo')}
            </LinkButton>
          </Space>
        </div>
      </Section>
    </PublicLayout>
  );
}

import type { ReactNode } from 'react';
import { Card, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../state/session';
import { CONTENT_WIDTH, PublicLayout } from '../_public/PublicLayout';
import { LinkButton } from '../_public/LinkButton';
import { AreaCards, LoopDiagram, RoleCards } from './sections';

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto', padding: '48px 16px 8px' }}>
      <Typography.Title level={2} style={{ textAlign: 'center', marginBottom: 8 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', maxWidth: 760, margin: '0 auto 32px' }}>
        {text}
      </Typography.Paragraph>
      {children}
    </section>
  );
}

function CallToAction() {
  const { t } = useTranslation(['introduce', 'public']);
  return (
    <Space wrap size={12}>
      <LinkButton type="primary" size="large" to={isLoggedIn() ? '/home' : '/register'}>
        {isLoggedIn() ? t('public:nav.console') : t('cta.register')}
      </LinkButton>
      <LinkButton size="large" to="/make_an_appointment">
        {t('public:hero.bookDemo')}
      </LinkButton>
    </Space>
  );
}

/** /introduce: what Vitrine does, area by area (spec §1, DESIGN §6). */
export default function IntroducePage() {
  const { t } = useTranslation('introduce');
  const { token } = theme.useToken();
  return (
    <PublicLayout>
      <div style={{ background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 70%)` }}>
        <div style={{ maxWidth: 880, margin: '0 auto', padding: '64px 16px 56px', textAlign: 'center' }}>
          <Typography.Text strong style={{ color: token.colorPrimary, letterSpacing: 1 }}>
            {t('eyebrow')}
          </Typography.Text>
          <Typography.Title style={{ fontSize: 38, margin: '12px 0 16px' }}>{t('title')}</Typography.Title>
          <Typography.Paragraph style={{ fontSize: 16, color: token.colorTextSecondary }}>
            {t('text')}
          </Typography.Paragraph>
          <CallToAction />
        </div>
      </div>
      <Section title={t('loop.heading')} text={t('loop.subheading')}>
        <LoopDiagram />
      </Section>
      <Section title={t('areas.heading')} text={t('areas.subheading')}>
        <AreaCards />
      </Section>
      <Section title={t('roles.heading')} text={t('roles.subheading')}>
        <RoleCards />
      </Section>
      <Section title={t('tenancy.heading')} text={t('tenancy.subheading')}>
        <Card styles={{ body: { padding: 24 } }}>
          {(['t1', 't2', 't3', 't4'] as const).map((item) => (
            <Typography.Paragraph key={item} style={{ marginBottom: 8 }}>
              • {t(`tenancy.${item}`)}
            </Typography.Paragraph>
          ))}
        </Card>
      </Section>
      <div style={{ textAlign: 'center', padding: '48px 16px 32px' }}>
        <Typography.Title level={3}>{t('cta.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('cta.text')}</Typography.Paragraph>
        <CallToAction />
      </div>
    </PublicLayout>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../_public/PublicLayout';
import { ArrowRightIcon, CalendarIcon } from '../_public/icons';
import { FeatureCards, LoopSteps } from './features';
import { LoginPanel } from './LoginPanel';
import './index.css';

function Section({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="vt-section">
      <h2 className="vt-section-title">{title}</h2>
      <p className="vt-section-subtitle">{subtitle}</p>
      {children}
    </section>
  );
}

/**
 * /index: the product landing with the login panel (spec §2, DESIGN §6). Drawn without antd, so the
 * first page most visitors see loads no UI kit (decisions/0119).
 */
export default function IndexPage() {
  const { t } = useTranslation('public');
  return (
    <PublicLayout>
      <div className="vt-hero">
        <div className="vt-hero-inner">
          <div className="vt-hero-text">
            <p className="vt-eyebrow">{t('hero.eyebrow')}</p>
            <h1 className="vt-hero-title">{t('hero.title')}</h1>
            <p className="vt-hero-lead">{t('hero.text')}</p>
            <ul className="vt-hero-points">
              <li>{t('hero.point1')}</li>
              <li>{t('hero.point2')}</li>
              <li>{t('hero.point3')}</li>
            </ul>
            <div className="vt-actions">
              <Link to="/introduce" className="vt-btn vt-btn-primary vt-btn-lg">
                {t('hero.learnMore')}
                <ArrowRightIcon />
              </Link>
              <Link to="/make_an_appointment" className="vt-btn vt-btn-default vt-btn-lg">
                <CalendarIcon />
                {t('hero.bookDemo')}
              </Link>
            </div>
          </div>
          <div className="vt-hero-login">
            <LoginPanel />
          </div>
        </div>
      </div>
      <Section title={t('features.heading')} subtitle={t('features.subheading')}>
        <FeatureCards />
      </Section>
      <Section title={t('loop.heading')} subtitle={t('loop.subheading')}>
        <LoopSteps />
        <div className="vt-actions vt-actions-center">
          <Link to="/introduce" className="vt-btn vt-btn-default vt-btn-lg">
            {t('hero.learnMore')}
          </Link>
          <Link to="/make_an_appointment" className="vt-btn vt-btn-primary vt-btn-lg">
            {t('hero.bookDemo')}
          </Link>
        </div>
      </Section>
    </PublicLayout>
  );
}

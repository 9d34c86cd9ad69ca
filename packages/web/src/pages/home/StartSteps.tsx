import type { ReactNode } from 'react';
import { Button, Card, Steps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

const step = (text: string, action: ReactNode) => (
  <div>
    <div>{text}</div>
    {action ? <div style={{ marginTop: 8 }}>{action}</div> : null}
  </div>
);

/** The three first steps of a new enterprise (GettingStarted decides whether they show). */
export default function StartSteps({ current, main }: { current: number; main: boolean }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const go = (to: string) => () => void navigate(to);
  return (
    <Card title={t('start.title')} className="vt-home-card vt-home-start" data-testid="home-getting-started" style={{ marginBottom: 16 }}>
      <Steps
        orientation="vertical" size="small" current={current}
        items={[
          { title: t('start.shop'), content: step(t('start.shopText'), current === 0 && <Button type="primary" size="small" data-testid="start-shop" onClick={go('/store/store')}>{t('start.shopGo')}</Button>) },
          { title: t('start.device'), content: step(t('start.deviceText'), current === 1 && <Button type="primary" size="small" data-testid="start-device" onClick={go('/store/store?entity=device')}>{t('start.deviceGo')}</Button>) },
          {
            title: t('start.staff'),
            content: step(t(main ? 'start.staffText' : 'start.staffTextMember'), main && <Button size="small" data-testid="start-staff" onClick={go('/enterprise?tab=invites')}>{t('start.staffGo')}</Button>),
          },
        ]}
      />
    </Card>
  );
}

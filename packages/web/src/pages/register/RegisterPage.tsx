import { useState } from 'react';
import { Card, Steps, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../state/session';
import { FormPage, PublicLayout } from '../_public/PublicLayout';
import { AccountStep } from './AccountStep';
import { EnterpriseStep, type Choice } from './EnterpriseStep';
import { parseStep } from './step';

/**
 * /register: step 1 creates the account (skipped when already logged in), step 2 creates or joins
 * an enterprise. `?step=create|join` preselects the step-2 choice.
 */
export default function RegisterPage() {
  const { t } = useTranslation('public');
  const [params, setParams] = useSearchParams();
  const [step, setStep] = useState<0 | 1>(() => (isLoggedIn() ? 1 : 0));
  // The URL holds the choice, so the header's "Create / Join enterprise" links work while mounted.
  const choice: Choice = parseStep(params.get('step')) ?? 'create';
  const setChoice = (next: Choice) => setParams({ step: next }, { replace: true });

  return (
    <PublicLayout>
      <FormPage width={560}>
        <Card variant="borderless" styles={{ body: { padding: 32 } }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {step === 0 ? t('register.title') : t('register.enterpriseTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {step === 0 ? t('register.subtitle') : t('register.enterpriseSubtitle')}
          </Typography.Paragraph>
          <Steps
            current={step}
            size="small"
            style={{ margin: '8px 0 28px' }}
            items={[{ title: t('register.stepAccount') }, { title: t('register.stepEnterprise') }]}
          />
          {step === 0 ? (
            <AccountStep onDone={() => setStep(1)} />
          ) : (
            <EnterpriseStep choice={choice} onChoice={setChoice} />
          )}
        </Card>
      </FormPage>
    </PublicLayout>
  );
}

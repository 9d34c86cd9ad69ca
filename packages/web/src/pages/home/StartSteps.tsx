import { Button, Card, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageOf, type StepKey, type StepState } from './startProgress';
import type { KeyOf } from '../../i18n/keys';

type Step = { key: StepKey; state: StepState };

/** Where a step's button goes, and what it says, for the step's state (none when nothing is left to do there). */
function actionOf({ key, state }: Step): { to: string; label: KeyOf<'home'> } | null {
  if (key === 'staff') return state === 'done' ? null : { to: '/enterprise?tab=invites', label: 'start.staff.go' };
  // a device once enabled: its activation code is in its control drawer on the device list
  if (state === 'done') return key === 'device' ? { to: pageOf(key, state), label: 'start.device.code' } : null;
  return { to: pageOf(key, state), label: state === 'todo' ? `start.${key}.go` : `start.go.${state}` };
}

/** The first steps of a new enterprise, each with its state and a button to where it is done (GettingStarted decides whether they show). */
export default function StartSteps({ steps, main }: { steps: Step[]; main: boolean }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const current = steps.findIndex((s) => s.state !== 'done');
  const done = steps.filter((s) => s.state === 'done').length;
  return (
    <Card
      title={t('start.title')}
      extra={<span data-testid="start-progress">{t('start.progress', { done, total: steps.length })}</span>}
      className="vt-home-card vt-home-start"
      data-testid="home-getting-started"
      style={{ marginBottom: 16 }}
    >
      <Steps
        orientation="vertical"
        size="small"
        current={current}
        items={steps.map((step, i) => {
          const action = actionOf(step);
          // a step's own words where it has them (every step has its own for todo), else the state's
          // words with the step's name: the defaultValue marks the step's own words as optional
          const name = t(`start.${step.key}.name`, { defaultValue: '' });
          const general = step.state === 'todo' ? '' : t(`start.state.${step.state}`, { name });
          const text = t(`start.${step.key}.${step.state}`, { name, defaultValue: general });
          return {
            title: (
              <span data-testid={`start-step-${step.key}`} data-state={step.state}>
                {t(`start.${step.key}.title`)}
              </span>
            ),
            status: step.state === 'done' ? 'finish' : i === current ? 'process' : 'wait',
            content: (
              <div>
                <div>{text}</div>
                {action ? (
                  <Button
                    style={{ marginTop: 8 }}
                    size="small"
                    type={i === current ? 'primary' : 'default'}
                    data-testid={`start-${step.key}`}
                    onClick={() => void navigate(action.to)}
                  >
                    {t(action.label)}
                  </Button>
                ) : null}
              </div>
            ),
          };
        })}
      />
      {main ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="start-alone">
          {t('start.alone')}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

import { lazy, Suspense } from 'react';
import { useQueries } from '@tanstack/react-query';
import { keys } from '../../api/keys';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { CORE_STEPS, STEP_OF, staffState, stepState, stepsFor } from './startProgress';

// the steps (antd Steps) load only for the enterprise that needs them, not on every /home
const StartSteps = lazy(() => import('./StartSteps'));

/**
 * The first hour of an enterprise (issue 8 §4, issue 25 §1): a live shop, a device, an ad content
 * and a launched plan, then the staff — each step's state read from the lists, each linking to
 * where it is done. Shown to whoever may create shops until the four that make a screen play are done.
 */
export function GettingStarted() {
  const { authList, mainFlag } = useStore(appStore, 'authList', 'mainFlag');
  const steps = stepsFor(authList, mainFlag === 1);
  const shown = steps.some((s) => s.key === 'shop');
  const answers = useQueries({
    queries: steps.map((s) =>
      s.key === 'staff'
        ? { queryKey: keys.company.accounts({ start: 1 }), queryFn: staffState, enabled: shown }
        : {
            queryKey: keys.lifecycle.list(STEP_OF[s.key].entity, 'start', { examines: s.examines }),
            queryFn: () => stepState(s.key as keyof typeof STEP_OF, s.examines),
            enabled: shown,
          },
    ),
  });
  if (!shown || answers.some((a) => a.isPending)) return null;
  // a step whose list failed (the error catalogue has spoken) is left out rather than shown wrong
  const states = steps.flatMap((s, i) => (answers[i].data ? [{ key: s.key, state: answers[i].data }] : []));
  if (states.filter((s) => CORE_STEPS.includes(s.key)).every((s) => s.state === 'done')) return null;
  return (
    <Suspense fallback={null}>
      <StartSteps steps={states} main={mainFlag === 1} />
    </Suspense>
  );
}

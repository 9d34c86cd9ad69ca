import type { Choice } from './EnterpriseStep';

/** ?step=create|join opens step 2 of /register on that choice (the header's enterprise switcher). */
export function parseStep(step: string | null): Choice | null {
  return step === 'create' || step === 'join' ? step : null;
}

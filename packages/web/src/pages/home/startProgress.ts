import { ONLINE_STATUS, type CallRoute, type MenuItem } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { findByPath } from '../../app/layout/menuTree';
import { hasBit } from '../../components/LifecycleTable/actions';
import type { LifecycleCalls } from '../../components/LifecycleTable/types';

// The first hour of an enterprise (issue 25 §1): a first live shop, device, ad content and launched
// plan, then the staff. Each step's state comes from the lists themselves (the caller's range).

/** Where a step stands: done; approved but not launched (plans); waiting for a reviewer; a draft to submit; nothing yet. */
export type StepState = 'done' | 'launch' | 'review' | 'draft' | 'todo';
export type StepKey = 'shop' | 'device' | 'content' | 'plan' | 'staff';
/** The steps a screen needs to play; inviting the staff is the one a sole admin may leave for later. */
export const CORE_STEPS: StepKey[] = ['shop', 'device', 'content', 'plan'];

const ONE = { pageNum: 1, pageSize: 1 };
const count = async (def: CallRoute, extra: object = {}) =>
  ((await call(def, { ...ONE, ...extra })) as { total: number }).total;

/** The lifecycle entity behind each step, its menu, and where it is done in the console (by state). */
export const STEP_OF = {
  shop: { entity: 'shop', calls: api.shop, menu: '/store', page: '/store/store' },
  device: { entity: 'device', calls: api.device, menu: '/store', page: '/store/store?entity=device' },
  content: { entity: 'ad-content', calls: api['ad-content'], menu: '/advert', page: '/advert' },
  plan: { entity: 'ad-plan', calls: api['ad-plan'], menu: '/advert', page: '/advert?entity=ad-plan' },
} as const;

/** The console page for a step in a state: the list where its next action is offered. */
export function pageOf(step: Exclude<StepKey, 'staff'>, state: StepState): string {
  const page = STEP_OF[step].page;
  const tab = { draft: 'mine', review: 'review', launch: 'enabled', done: 'enabled', todo: null }[state];
  return tab ? `${page}${page.includes('?') ? '&' : '?'}tab=${tab}` : page;
}

/**
 * One step's state, asking only as far as needed: enabled (for plans: launched) first — the usual
 * answer once the enterprise runs —, then an approved plan waiting to be launched, then a
 * submission waiting for review (seen by those who examine), then the caller's drafts.
 */
export async function stepState(step: Exclude<StepKey, 'staff'>, examines: boolean): Promise<StepState> {
  const lists: LifecycleCalls = STEP_OF[step].calls;
  if (step === 'plan') {
    if ((await count(lists.enableList, { status: ONLINE_STATUS.online })) > 0) return 'done';
    if ((await count(lists.enableList)) > 0) return 'launch';
  } else if ((await count(lists.enableList)) > 0) return 'done';
  if (examines && (await count(lists.applyList)) > 0) return 'review';
  return (await count(lists.myList)) > 0 ? 'draft' : 'todo';
}

/** Staff: someone besides the admin has joined (the main admin's member list). */
export async function staffState(): Promise<StepState> {
  return (await call(api.company.accounts, { ...ONE, status: 1 })).total > 1 ? 'done' : 'todo';
}

/** The steps this role can take: creating on the step's menu (staff: the main admin). */
export function stepsFor(menu: MenuItem[], main: boolean): { key: StepKey; examines: boolean }[] {
  const bits = (path: string) => findByPath(menu, path)?.weight ?? 0;
  const steps = (Object.keys(STEP_OF) as Exclude<StepKey, 'staff'>[])
    .filter((k) => hasBit(bits(STEP_OF[k].menu), 'create'))
    .map((key) => ({ key: key as StepKey, examines: hasBit(bits(STEP_OF[key].menu), 'examine') }));
  return main ? [...steps, { key: 'staff', examines: false }] : steps;
}

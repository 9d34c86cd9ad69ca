import type { Deps } from '../deps.js';
import { runInformReminders } from '../domains/inform/reminders.js';
import type { JobDef } from './types.js';

/** Every minute: remind the unconfirmed recipients of notifications due within a day (once each). */
export const informReminders: JobDef<Deps> = {
  name: 'inform-reminders',
  schedule: { cron: '* * * * *' },
  retry: { limit: 2, delaySeconds: 30 },
  expireInSeconds: 5 * 60,
  run: async (deps) => ({ reminded: await runInformReminders(deps) }),
};

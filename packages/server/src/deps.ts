import type { Config } from './config.js';
import type { DeviceRuntime } from './device-api/runtime.js';
import type { Db } from './db/client.js';
import type { AuthCache } from './plugins/auth-cache.js';
import type { Hasher } from './lib/password.js';
import type { SmsSender } from './sms/sender.js';
import type { JobQueue } from './jobs/types.js';
import type { Storage } from './storage/types.js';

/** What services need from the world; built once in buildApp. */
export type Deps = {
  db: Db;
  config: Config;
  sms: SmsSender;
  hasher: Hasher;
  cache: AuthCache;
  jobs: JobQueue;
  device: DeviceRuntime;
  storage: Storage;
};

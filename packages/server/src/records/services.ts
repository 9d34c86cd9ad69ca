import type { Db } from '../db/client.js';
import { lifecycleService, type LifecycleService } from '../lifecycle/service.js';
import { DEVICE } from './device-entity.js';
import { EMPLOYEE, ET, MEMBER, SHOP } from './store-entities.js';

export type StoreServices = Record<'shop' | 'et' | 'employee' | 'member' | 'device', LifecycleService>;

/** The lifecycle services of the stores area, one per entity. */
export const storeServices = (db: Db): StoreServices => ({
  shop: lifecycleService(db, SHOP),
  et: lifecycleService(db, ET),
  employee: lifecycleService(db, EMPLOYEE),
  member: lifecycleService(db, MEMBER),
  device: lifecycleService(db, DEVICE),
});

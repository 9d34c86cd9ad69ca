import type { EntityConfig } from '../lifecycle/types.js';
import { AD_CONTENT, AD_PLAN, AI_PITCH, COMMODITY } from './advert-entities.js';
import { DEVICE } from './device-entity.js';
import { INCENTIVE } from './incentive-entity.js';
import { INFORM, INFORM2 } from './inform-entities.js';
import { EMPLOYEE, ET, MEMBER, SHOP } from './store-entities.js';

/** Every lifecycle entity, once: the contract's lifecycle calls name the same twelve (test/entities.test.ts). */
export const ENTITIES: EntityConfig[] = [
  SHOP,
  ET,
  EMPLOYEE,
  MEMBER,
  DEVICE,
  COMMODITY,
  AD_CONTENT,
  AD_PLAN,
  AI_PITCH,
  INFORM,
  INFORM2,
  INCENTIVE,
];

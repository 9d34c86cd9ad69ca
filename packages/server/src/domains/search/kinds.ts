import type { ListKind } from '@vitrine/contract';
import type { EntityConfig } from '../../lifecycle/types.js';
import { AD_CONTENT, AD_PLAN, AI_PITCH, COMMODITY } from '../../records/advert-entities.js';
import { DEVICE } from '../../records/device-entity.js';
import { EMPLOYEE, ET, MEMBER, SHOP } from '../../records/store-entities.js';
import { INFORM, INFORM2 } from '../../records/inform-entities.js';

/**
 * What the server knows of each kind the contract lets the search name: the lifecycle entity, and
 * the fields of a hit's subtitle (read from the record's list view, so masked as on its list).
 * The contract's SEARCH_KINDS / LIST_KINDS say which kinds exist; the type makes this map follow.
 */
export type Searchable = { cfg: EntityConfig; subtitle: string[] };

export const SEARCHABLE: Record<ListKind, Searchable> = {
  shop: { cfg: SHOP, subtitle: ['code', 'address'] },
  device: { cfg: DEVICE, subtitle: ['code', 'shopName'] },
  employee: { cfg: EMPLOYEE, subtitle: ['phone', 'shopName'] },
  'ad-content': { cfg: AD_CONTENT, subtitle: [] },
  'ad-plan': { cfg: AD_PLAN, subtitle: ['dateFrom', 'dateTo'] },
  commodity: { cfg: COMMODITY, subtitle: ['code', 'brand'] },
  et: { cfg: ET, subtitle: ['remark'] },
  member: { cfg: MEMBER, subtitle: ['phone'] },
  'ai-pitch': { cfg: AI_PITCH, subtitle: [] },
  inform: { cfg: INFORM, subtitle: [] },
  inform2: { cfg: INFORM2, subtitle: [] },
};

import type { ResultOf } from '@vitrine/contract';
import type { api } from '../../api/routes';

// The advertising records as their lists answer them (the contract's item schemas).
type RowOf<C extends { myList: unknown }> = ResultOf<C['myList']> extends { list: (infer R)[] } ? R : never;
export type CommodityRow = RowOf<typeof api.commodity>;
export type ContentRow = RowOf<(typeof api)['ad-content']>;
export type PlanRow = RowOf<(typeof api)['ad-plan']>;
export type PitchRow = RowOf<(typeof api)['ai-pitch']>;

export * from './enums.js';
export * from './errors.js';
export * from './msg/index.js';
export * from './call.js';
export * from './fields.js';
export * from './describe.js';
export * from './list.js';
export * from './menu.js';
export * from './company.js';
export * from './account.js';
export * from './public.js';
export * from './enterprise.js';
export * from './files.js';
export * from './materials.js';
export * from './inbox.js';
export * from './stores.js';
export * from './device-api.js';
export * from './live.js';
export * from './live-client.js';
export * from './hours.js';
export * from './stats.js';
export * from './advert.js';
export * from './transitions.js';
export * from './sales.js';
export * from './imports.js';
export * from './inform.js';
export * from './incentive.js';
export * from './search.js';

import { account } from './account.js';
import { enterpriseApi } from './enterprise.js';
import { filesApi } from './files.js';
import { materialsApi } from './materials.js';
import { inboxApi } from './inbox.js';
import { storesApi } from './stores.js';
import { statsApi } from './stats.js';
import { salesApi } from './sales.js';
import { importsApi } from './imports.js';
import { advertApi } from './advert.js';
import { informApi } from './inform.js';
import { incentiveApi } from './incentive.js';
import { searchApi } from './search.js';
import { companyCalls } from './company.js';
import { operatorCalls, publicCalls } from './public.js';
import type { CallDef } from './call.js';

/** Every call of the API, by area; the server registers exactly these. */
export const api = {
  account,
  company: companyCalls,
  public: publicCalls,
  operator: operatorCalls,
  ...enterpriseApi,
  ...filesApi,
  ...materialsApi,
  ...inboxApi,
  ...storesApi,
  ...advertApi,
  ...informApi,
  ...incentiveApi,
  ...searchApi,
  commodity: {
    ...advertApi.commodity,
    import: importsApi.commodityImport,
    importTemplate: importsApi.commodityTemplate,
  },
  stats: {
    ...statsApi.stats,
    sale: salesApi.statsSale,
    ad: salesApi.statsAd,
    export: salesApi.statsExport,
    home: salesApi.statsHome,
    top: salesApi.statsTop,
    pdt: salesApi.statsPdt,
    comm: salesApi.statsComm,
  },
  sale: { ...salesApi.sale, import: importsApi.saleImport, importTemplate: importsApi.saleTemplate },
};

export const allCalls = Object.values(api).flatMap((area) => Object.values(area) as CallDef[]);

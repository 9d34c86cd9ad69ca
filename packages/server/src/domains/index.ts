import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { accountRoutes } from './account/routes.js';
import { companyRoutes } from './company/routes.js';
import { enterpriseRoutes } from './enterprise/routes.js';
import { fileRoutes } from './files/routes.js';
import { inboxRoutes } from './inbox/routes.js';
import { materialRoutes } from './materials/routes.js';
import { operatorRoutes } from './operator/routes.js';
import { publicRoutes } from './public/routes.js';
import { storeServices } from '../records/services.js';
import { advertRoutes } from './advert/routes.js';
import { deviceRoutes } from './devices/routes.js';
import { geoRoutes } from './geo/routes.js';
import { informRoutes } from './inform/routes.js';
import { incentiveRoutes } from './incentive/routes.js';
import { statsRoutes } from './stats/routes.js';
import { salesRoutes } from './sales/routes.js';
import { searchRoutes } from './search/routes.js';
import { storeRoutes } from './stores/routes.js';

/** Every domain's calls, registered under the API prefix. */
export function domainRoutes(app: FastifyInstance, deps: Deps) {
  accountRoutes(app, deps);
  companyRoutes(app, deps);
  publicRoutes(app, deps);
  operatorRoutes(app, deps);
  enterpriseRoutes(app, deps);
  fileRoutes(app, deps);
  materialRoutes(app, deps);
  inboxRoutes(app, deps);
  const records = storeServices(deps.db);
  geoRoutes(app, deps);
  storeRoutes(app, deps, records);
  deviceRoutes(app, deps, records.device);
  statsRoutes(app, deps);
  salesRoutes(app, deps);
  advertRoutes(app, deps);
  informRoutes(app, deps);
  incentiveRoutes(app, deps);
  searchRoutes(app, deps);
}

import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { DEVICE_API_PREFIX, RET, langOf, message } from '@vitrine/contract';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { secretFile, type Config } from './config.js';
import type { Db } from './db/client.js';
import { limitStatements, statementTimeouts } from './db/limits.js';
import type { Deps } from './deps.js';
import { createHasher, type Hasher } from './lib/password.js';
import { AUTH_CHANNEL, AuthCache } from './plugins/auth-cache.js';
import { OPERATOR_SECRET_FILE } from './plugins/operator.js';
import { envelope, protocol } from './plugins/protocol.js';
import { securityHeaders } from './plugins/security-headers.js';
import { devSender, unconfiguredSender, type SmsSender } from './sms/sender.js';
import { domainRoutes } from './domains/index.js';
import { createJobs } from './jobs/index.js';
import type { Jobs, JobsOptions } from './jobs/runner.js';
import { deviceApiRoutes } from './device-api/routes.js';
import { jsonBodies } from './plugins/json-body.js';
import { createDeviceRuntime } from './device-api/runtime.js';
import { advertPlaylists } from './advert/playlists.js';
import type { PlaylistSource } from './device-api/playlist.js';
import { startDeviceLoop } from './device-api/loop.js';
import { LIVE_CHANNEL } from './device-api/live/hub.js';
import { websockets } from './plugins/websocket.js';
import { openStorage } from './storage/open.js';
import type { Storage } from './storage/types.js';
import { healthRoutes, type Health } from './plugins/health.js';

export type AppOptions = {
  config: Config;
  db: Db;
  sms?: SmsSender;
  hasher?: Hasher;
  authCacheMs?: number;
  jobs?: JobsOptions;
  /** where device playlists come from (default: the advertising resolution over the launched plans, advert/playlists.ts) */
  playlists?: PlaylistSource;
  /** where file bytes live (default: the configured bucket, else DATA_DIR/files; storage/open.ts) */
  storage?: Storage;
};

/** Compose the server: the API under config.apiBase, its OpenAPI docs, and the single-page app. */
export async function buildApp(
  opts: AppOptions,
): Promise<{ app: FastifyInstance; deps: Deps; jobs: Jobs<Deps>; health: Health }> {
  const { config, db } = opts;
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    return503OnClosing: true,
  });
  secretFile(config.dataDir, OPERATOR_SECRET_FILE); // the operator command reads it to reach us
  const limits = statementTimeouts(config.statementTimeouts);
  const jobs = createJobs(db, () => deps, app.log, { work: config.jobs, statementTimeoutMs: limits.job, ...opts.jobs });
  const deps: Deps = {
    db,
    config,
    sms: opts.sms ?? (config.production ? unconfiguredSender(app.log) : devSender(app.log)),
    hasher: opts.hasher ?? createHasher(config.hashConcurrency),
    cache: new AuthCache(opts.authCacheMs ?? config.authCacheMs),
    jobs,
    device: createDeviceRuntime(
      db,
      config,
      app.log,
      opts.playlists ?? advertPlaylists(db, { ttlMs: config.deviceLoop?.playlistCacheMs }),
    ),
    storage: opts.storage ?? (await openStorage(config)),
  };
  // Who-is-calling lookups are forgotten on every instance when a committed change to what they
  // read notifies (triggers of 0030_auth_notify.sql); no handler has to remember.
  const unlisten = await db.listen(AUTH_CHANNEL, {
    notify: () => deps.cache.invalidate(),
    live: (up) => deps.cache.setLive(up),
  });
  // Connected screens hear of commands and playlist changes made on any instance (triggers of
  // 0280_live_notify.sql; the instance holding the socket pushes, device-api/live), and consoles of
  // command answers and device statuses (0282; device-api/live/feed.ts).
  const unlistenLive = await db.listen(LIVE_CHANNEL, {
    notify: (payload) => {
      deps.device.live.notify(payload);
      deps.device.feed.notify(payload);
    },
  });
  app.addHook('onClose', async () => {
    await jobs.stop(); // jobs in flight finish, or are failed and so retried elsewhere
    await unlisten();
    await unlistenLive();
    await deps.storage.close(); // after requests in flight, which may still be streaming media
  });

  // Bodies are validated by the contract's zod schemas in each handler (plugins/register.ts); the
  // JSON schemas on routes are for the OpenAPI document only.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  securityHeaders(app, config);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vitrine console API',
        version: '1.0.0',
        description:
          'Every call answers {ret, msg, result}; see API.md. Device calls live under /device-api (tag device-api).',
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: `${config.apiBase}/docs` });

  await websockets(app, deps);
  await app.register(
    async (api) => {
      await api.register(formbody);
      jsonBodies(api);
      await api.register(protocol);
      limitStatements(api, limits.request, true); // a person waits: first on PGlite's session
      domainRoutes(api, deps);
    },
    { prefix: config.apiBase },
  );

  await app.register(
    async (dev) => {
      limitStatements(dev, limits.device);
      await dev.register(deviceApiRoutes, { deps });
    },
    { prefix: DEVICE_API_PREFIX },
  );
  startDeviceLoop(app, deps);

  const health: Health = { draining: false };
  healthRoutes(app, db, health);
  await serveWeb(app, config);
  return { app, deps, jobs, health };
}

/** Hashed build output: its name changes with its content, so it never needs revalidating. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA with history fallback; a missing /assets/* file is a 404, never index.html. Files
 * are sent brotli- or gzip-encoded from the `.br`/`.gz` written at build time when the browser
 * accepts it (Vary: Accept-Encoding); /assets/* are cached for a year, everything else (index.html,
 * the favicon) is revalidated on every use.
 */
async function serveWeb(app: FastifyInstance, config: Config) {
  const dist = config.webDist ?? join(import.meta.dirname, '../../web/dist');
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', relative(dist, path).startsWith(`assets${sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
    // browsers and crawlers that ignore <link rel="icon"> still ask for /favicon.ico
    app.get('/favicon.ico', (_req, reply) => reply.redirect('/favicon.svg', 301));
  }
  const player = config.playerDist ?? join(import.meta.dirname, '../../player/dist');
  if (existsSync(join(player, 'index.html'))) await servePlayer(app, player);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path === config.apiBase || path.startsWith(`${config.apiBase}/`) || path.startsWith(`${DEVICE_API_PREFIX}/`)) {
      return reply
        .status(404)
        .send(envelope(RET.notFound, message('notFound.route', langOf(req.headers['accept-language'])), null));
    }
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith('/assets/') &&
      !path.startsWith('/device-api') &&
      !path.startsWith('/player') &&
      !/\.\w+$/.test(path);
    if (hasWeb && isPage) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).type('text/plain').send('Not found');
  });
}

/**
 * The device player under /player/ (packages/player): its hashed assets cached for a year, the page
 * and its Service Worker revalidated (a new worker reaches the screens), every path of the player a
 * page. /player/media/* never reaches the server from a running player: its worker answers it.
 */
async function servePlayer(app: FastifyInstance, dist: string) {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/player/',
    decorateReply: false,
    wildcard: false,
    index: 'index.html',
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', relative(dist, path).startsWith(`assets${sep}`) ? IMMUTABLE : 'no-cache');
    },
  });
  app.get('/player', (_req, reply) => reply.redirect('/player/', 302));
}

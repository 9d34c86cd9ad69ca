// npm run cluster -- --instances 3 [--pgbouncer] [--port 8080]: N server instances on one PostgreSQL
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/vitrine_cluster) sharing media (S3_* when
// set, else one DATA_DIR), behind HAProxy (and PgBouncer in transaction mode); REDIS_URL set: their
// notifications go through Redis, one instance relaying PostgreSQL's (db/relay.ts). Ctrl-C stops all.
import { buildServerIfNeeded } from './build-server.mjs';
import { buildWebIfNeeded } from './build-web.mjs';
import { APT_LINE, startCluster, which } from './cluster-lib.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? dflt : args[i + 1];
};
const instances = Number(arg('instances', 3));
const port = Number(arg('port', 8080));
const pgbouncer = args.includes('--pgbouncer');
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances: a whole number from 1 to 16');
  process.exit(2);
}
const missing = ['haproxy', ...(pgbouncer ? ['pgbouncer'] : [])].filter((n) => !which(n));
if (missing.length) {
  console.error(`${missing.join(', ')} not found. Install: ${APT_LINE}`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vitrine_cluster';
if (!/^postgres(ql)?:/.test(databaseUrl)) {
  console.error('DATABASE_URL must be a PostgreSQL URL: several instances cannot share PGlite');
  process.exit(1);
}
buildWebIfNeeded();
await buildServerIfNeeded();
const cluster = await startCluster({
  instances,
  port,
  pgbouncer,
  databaseUrl,
  dataDir: process.env.DATA_DIR || undefined,
});
console.log(
  `\n  Vitrine cluster: ${cluster.url}/index  (${instances} instances: ${cluster.instances.map((i) => i.port).join(', ')}; ` +
    `database ${pgbouncer ? 'through PgBouncer' : 'direct'}; notifications ` +
    `${process.env.REDIS_URL ? 'through Redis' : 'by LISTEN'}; media ` +
    `${process.env.S3_BUCKET ? 'S3' : cluster.instances[0].dataDir})\n  Ctrl-C stops everything.\n`,
);
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  });

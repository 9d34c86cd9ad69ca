// The platform operator's command: npm run admin -- enterprises | approve CODE | reject CODE | appointments | rebuild-stats
// It reads the server's environment (DATA_DIR, DATABASE_URL, PORT). With PGlite a running server
// holds the data folder, so the command then goes through the server's loopback operator endpoint,
// authenticated by the secret the server keeps in DATA_DIR; otherwise it opens the database itself.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '@vitrine/contract';
import { configFromEnv } from '../config.js';
import { openDatabase } from '../db/open.js';
import { DataDirLockedError } from '../db/lock.js';
import { OPERATOR_SECRET_FILE } from '../plugins/operator.js';
import * as svc from '../domains/operator/service.js';
import { rebuildEnterprise } from '../stats/rollup.js';
import type { Row as DbRow } from '../db/schema/index.js';

type Row = Record<string, unknown>;
const config = configFromEnv();
const [command, arg] = process.argv.slice(2);
const STATUS = ['under review', 'approved', 'rejected'];

async function viaServer(path: string, body: Row): Promise<Row | null> {
  const file = join(config.dataDir, OPERATOR_SECRET_FILE);
  if (!existsSync(file)) return null;
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}${config.apiBase}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-secret': readFileSync(file, 'utf8').trim() },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { ret: number; msg: string; result: Row };
    if (json.ret !== 0) throw new Error(json.msg);
    return json.result;
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw err;
  }
}

async function direct<T>(fn: (q: import('../db/client.js').Q) => Promise<T>): Promise<T> {
  const { db, release } = await openDatabase(config);
  try {
    return await fn(db.admin);
  } finally {
    await db.close();
    release();
  }
}

/** Through the running server when there is one, else straight to the database. */
async function run(
  path: string,
  body: Row,
  local: (q: import('../db/client.js').Q) => Promise<unknown>,
): Promise<unknown> {
  const remote = config.databaseUrl ? null : await viaServer(path, body);
  if (remote) return remote;
  try {
    return await direct(local);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new Error(
        `${err.message}\nThe server holds the data folder but did not answer on port ${config.port}; set PORT to the server's port.`,
      );
    }
    throw err;
  }
}

function printEnterprises(list: Row[]) {
  if (!list.length) return console.log('No enterprises yet.');
  for (const e of list)
    console.log(`${e.companyCode}\t${STATUS[Number(e.status)] ?? e.status}\t${e.title}\tcreator ${e.creator}`);
}

async function main() {
  switch (command) {
    case 'enterprises': {
      const r = (await run(api.operator.enterprises.path, {}, async (q) => ({
        list: await svc.listEnterprises(q),
      }))) as { list: Row[] };
      return printEnterprises(r.list);
    }
    case 'approve':
    case 'reject': {
      if (!arg) throw new Error(`usage: npm run admin -- ${command} CODE`);
      const def = command === 'approve' ? api.operator.approve : api.operator.reject;
      const row = (await run(def.path, { code: arg }, (q) =>
        svc.reviewEnterprise(q, arg, command === 'approve'),
      )) as Row;
      return console.log(`${row.companyCode} ${row.title}: ${STATUS[Number(row.status)]}`);
    }
    case 'appointments': {
      const r = (await run(api.operator.appointments.path, {}, async (q) => ({
        list: await svc.listAppointments(q),
      }))) as { list: Row[] };
      if (!r.list.length) return console.log('No demo bookings yet.');
      for (const a of r.list) {
        console.log(
          `${new Date(Number(a.ctime) * 1000).toISOString()}\t${a.name}\t${a.phone}\t${a.company}\t${a.city}\t${a.stores ?? ''}\t${a.note}`,
        );
      }
      return;
    }
    case 'rebuild-stats': {
      // Rollups of every stream rebuilt from the raw rows (DESIGN §8), enterprise by enterprise.
      const folded = await direct(async (q) => {
        let n = 0;
        for (const { id } of await q.query<DbRow<'enterprises', 'id'>>('select id from enterprises order by id'))
          n += await rebuildEnterprise(q, id);
        return n;
      }).catch((err: unknown) => {
        if (err instanceof DataDirLockedError)
          throw new Error('The server holds the data folder: stop it, then rebuild the statistics.');
        throw err;
      });
      return console.log(`Statistics rebuilt from ${folded} raw rows (visits, plays, sales lines).`);
    }
    default:
      console.log('usage: npm run admin -- enterprises | approve CODE | reject CODE | appointments | rebuild-stats');
      process.exitCode = command ? 2 : 0;
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

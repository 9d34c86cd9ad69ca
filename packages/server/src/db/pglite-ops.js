// The embedded database's operations, one call each (db/pglite-host.ts sends them): a statement;
// `begin` + one statement + `commit` in one call for `read`/`write`; a multi-statement text; listen;
// a data-directory dump; open and close. A dumb executor: the server's side orders the work (one
// mutex, db/client.ts). The server runs them on a thread of their own (db/pglite-worker.js, ADR 0126);
// the test harness runs them in its own thread (no message round trip per statement). Plain
// JavaScript so that the same file runs under the tests (from src/) and `npm start` (copied to dist/).
import { PGlite } from '@electric-sql/pglite';

const lastRows = (r) => (Array.isArray(r) ? (r[r.length - 1] ?? { rows: [] }) : r);

/**
 * @param assets PGlite's WebAssembly modules, compiled once per process, and its file bundle
 * @param notify called with (listen id, payload) for each notification of a `listen`
 */
export function pgliteOps({ pgliteWasmModule, initdbWasmModule, fsBundle }, notify) {
  let db;
  const unlisten = new Map(); // listen id → PGlite's unlisten

  async function inTransaction(begin, work) {
    await db.exec(begin);
    try {
      const r = await work();
      await db.exec('commit');
      return r;
    } catch (err) {
      await db.exec('rollback').catch(() => undefined);
      throw err;
    }
  }

  const ops = {
    open: async ({ dataDir, loadDataDir }) => {
      db = await PGlite.create(dataDir, {
        ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
        pgliteWasmModule,
        initdbWasmModule,
        fsBundle: new Blob([fsBundle]),
      });
    },
    query: async ({ sql, params }) => {
      const r = await db.query(sql, params);
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    },
    /** One statement in its own transaction (`begin` carries the scope): a read or a write in one call. */
    one: ({ begin, sql, params }) => inTransaction(begin, () => ops.query({ sql, params })),
    exec: async ({ sql, params }) => {
      try {
        return params?.length ? await ops.query({ sql, params }) : lastRows(await db.exec(sql));
      } catch (err) {
        // a failed multi-statement text can leave its own BEGIN open on our single session
        let open = false;
        try {
          open = !db.closed && db.isInTransaction();
        } catch {
          open = false;
        }
        if (open) await db.exec('rollback');
        throw err;
      }
    },
    listen: async ({ channel, lid }) => {
      unlisten.set(lid, await db.listen(channel, (payload) => notify(lid, payload)));
    },
    unlisten: async ({ lid }) => {
      const stop = unlisten.get(lid);
      unlisten.delete(lid);
      await stop?.();
    },
    dump: async () => {
      const blob = await db.dumpDataDir('none');
      return new Uint8Array(await blob.arrayBuffer());
    },
    close: async () => {
      for (const stop of unlisten.values()) await stop();
      unlisten.clear();
      await db.close();
      db = undefined;
    },
  };
  return ops;
}

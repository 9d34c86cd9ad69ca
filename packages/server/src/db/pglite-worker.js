// PGlite on its own thread (db/pglite-host.ts starts it): the embedded database runs its statements
// here, so a slow one no longer stalls the server's event loop (a static page waited behind a device
// call's statement: issue 25 §7; ADR 0126). Each message is one operation (db/pglite-ops.js), answered
// in order on the same port, so a notification a commit raised reaches the server before the commit's
// answer (PGlite calls listeners in microtasks queued while it reads the commit's reply). A thread
// outlives its database: `close` leaves it ready for the next `open`.
import { parentPort, workerData } from 'node:worker_threads';
import { pgliteOps } from './pglite-ops.js';

/** A database error's fields (code, constraint, detail…) survive the trip; structured cloning keeps only the message. */
function plain(err) {
  const out = { message: String(err?.message ?? err) };
  if (err && typeof err === 'object') {
    for (const [k, v] of Object.entries(err)) if (v !== undefined && typeof v !== 'object') out[k] = v;
    if (typeof err.name === 'string') out.name = err.name;
  }
  return out;
}

const ops = pgliteOps(workerData, (lid, payload) => parentPort.postMessage({ lid, payload }));

let chain = Promise.resolve();
parentPort.on('message', (m) => {
  chain = chain.then(async () => {
    try {
      const ok = await ops[m.op](m);
      parentPort.postMessage({ id: m.id, ok });
    } catch (err) {
      parentPort.postMessage({ id: m.id, err: plain(err) });
    }
  });
});

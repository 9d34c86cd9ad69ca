/**
 * Coalesce many callers' lookups into one statement: keys asked for while a batch is in flight (or
 * in the same turn of the event loop) wait for the next batch, so a quiet server answers at once
 * and a busy one sends a few large statements instead of many small ones.
 */
export type Batcher<K, V> = { load(key: K): Promise<V | undefined> };

type Waiting<V> = { resolve: (v: V | undefined) => void; reject: (e: unknown) => void };

export function batcher<K, V>(
  run: (keys: K[]) => Promise<Map<K, V>>,
  opts: { maxBatch: number; maxInFlight: number },
): Batcher<K, V> {
  const queue = new Map<K, Waiting<V>[]>();
  let inFlight = 0;
  let scheduled = false;

  const dispatch = () => {
    scheduled = false;
    while (queue.size && inFlight < opts.maxInFlight) {
      const batch = new Map<K, Waiting<V>[]>();
      for (const [k, w] of queue) {
        if (batch.size >= opts.maxBatch) break;
        batch.set(k, w);
      }
      for (const k of batch.keys()) queue.delete(k);
      inFlight++;
      run([...batch.keys()])
        .then(
          (found) => {
            for (const [k, ws] of batch) for (const w of ws) w.resolve(found.get(k));
          },
          (err) => {
            for (const ws of batch.values()) for (const w of ws) w.reject(err);
          },
        )
        .finally(() => {
          inFlight--;
          schedule();
        });
    }
  };
  const schedule = () => {
    if (scheduled || !queue.size) return;
    scheduled = true;
    setImmediate(dispatch);
  };

  return {
    load(key) {
      return new Promise<V | undefined>((resolve, reject) => {
        const list = queue.get(key);
        if (list) list.push({ resolve, reject });
        else queue.set(key, [{ resolve, reject }]);
        schedule();
      });
    },
  };
}

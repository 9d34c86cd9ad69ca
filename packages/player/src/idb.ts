// A small IndexedDB store of pending events (plays and visits), kept across restarts and outages.

export type Kind = 'plays' | 'visits';
export type Pending = { eventId: string; kind: Kind; event: Record<string, unknown> };

const DB = 'vitrine-player';
const STORE = 'events';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'eventId' }).createIndex('kind', 'kind');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let db: Promise<IDBDatabase> | null = null;
const store = async (mode: IDBTransactionMode) => (await (db ??= open())).transaction(STORE, mode).objectStore(STORE);
const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

export async function add(kind: Kind, event: Record<string, unknown> & { eventId: string }): Promise<void> {
  await done((await store('readwrite')).put({ eventId: event.eventId, kind, event }));
}

/** Up to `limit` pending events of a kind, oldest first by insertion. */
export async function take(kind: Kind, limit: number): Promise<Pending[]> {
  return (await done((await store('readonly')).index('kind').getAll(kind, limit))) as Pending[];
}

export async function remove(ids: string[]): Promise<void> {
  const s = await store('readwrite');
  await Promise.all(ids.map((id) => done(s.delete(id))));
}

export async function count(): Promise<number> {
  return done((await store('readonly')).count());
}

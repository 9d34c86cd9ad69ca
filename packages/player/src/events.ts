import { DEVICE_BATCH_MAX } from '@vitrine/contract/constants';
import { post } from './api';
import { add, remove, take, type Kind } from './idb';

// Plays and visits: written to IndexedDB first, uploaded in batches; an event leaves the buffer only
// when the server has it (accepted or a replay) or refused it for good (a bad event).

type Batch = { accepted: number; duplicates: number; rejected: { eventId: string }[] };

export const recordPlay = (e: {
  contentId: number;
  planId: number;
  materialSha256?: string;
  start: number;
  durationMs: number;
}) => add('plays', { eventId: crypto.randomUUID(), ...e });

export const recordVisit = (e: {
  time: number;
  gender: number;
  ageBand: number;
  action: string;
  dwellMs?: number;
  pitchId?: number;
}) => add('visits', { eventId: crypto.randomUUID(), ...e });

/** Uploads what is buffered; false when the server could not be reached (try again later). */
export async function flush(token: string): Promise<boolean> {
  for (const kind of ['plays', 'visits'] as Kind[]) {
    for (;;) {
      const pending = await take(kind, DEVICE_BATCH_MAX);
      if (!pending.length) break;
      try {
        await post<Batch>(kind, token, { events: pending.map((p) => p.event) });
      } catch (err) {
        if (err instanceof TypeError) return false; // network: keep everything
        throw err;
      }
      // accepted, replays and refusals alike are settled: the server answered for each event
      await remove(pending.map((p) => p.eventId));
      if (pending.length < DEVICE_BATCH_MAX) break;
    }
  }
  return true;
}

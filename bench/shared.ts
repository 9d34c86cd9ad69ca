/** What bench/run.ts and its server processes (bench/serve.ts) say to each other. */

export type ServeSpec =
  | { kind: 'template'; out: string }
  | { kind: 'hello' }
  | {
      kind: 'vitrine';
      db: { pglite: string } | { pg: string };
      /** One app (and port) per AuthCache TTL, all on the same database. */
      authCacheMs: number[];
      hashConcurrency: number;
      /** A stored scrypt hash of the login bench's password, computed once by the runner. */
      passwordHash: string;
      loginUsers: number;
    };

export type Ready = {
  type: 'ready';
  ports: number[];
  /** Headers of the authenticated call (vitrine only). */
  headers?: Record<string, string>;
  phones?: string[];
};
export type Stats = { type: 'stats'; rssMiB: number; peakRssMiB: number };
export type Command = { cmd: 'resetPeak' } | { cmd: 'stats' } | { cmd: 'close' };

export const PATH = '/api/account/session';

import type { VenueFetch } from '../../src/venue/transport.ts';

export interface FetchCounter {
  readonly fetch: VenueFetch;
  /** Calls per `METHOD /path` since the last reset. */
  byPath(): Record<string, number>;
  total(): number;
  /** Answers with this HTTP status since the last reset. */
  status(code: number): number;
  reset(): void;
}

/** Counts what a venue client sends through `inner` (the simulator's in-process fetch). */
export function simulatorFetchCounter(inner: VenueFetch): FetchCounter {
  let paths: Record<string, number> = {};
  let statuses: Record<number, number> = {};
  return {
    fetch: async (req) => {
      const k = `${req.method} ${new URL(req.url).pathname}`;
      paths[k] = (paths[k] ?? 0) + 1;
      const res = await inner(req);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      return res;
    },
    byPath: () => ({ ...paths }),
    total: () => Object.values(paths).reduce((a, b) => a + b, 0),
    status: (code) => statuses[code] ?? 0,
    reset: () => {
      paths = {};
      statuses = {};
    },
  };
}

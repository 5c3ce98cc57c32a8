import type { FileRef } from './fileRef.ts';

/** The pg-boss queue every sweep's sets go to; a set names its sweep. */
export const SWEEP_QUEUE = 'perpflow-sweep';

/** One parameter set of a queued sweep: a pg-boss job's data. Every input is named by content. */
export interface QueuedSet {
  readonly sweepId: string;
  /** The set's place in the sweep's grid: the result row's key with the sweep id. */
  readonly index: number;
  readonly config: FileRef;
  readonly data: readonly { readonly symbol: string; readonly file: FileRef }[];
  readonly funding: readonly { readonly symbol: string; readonly file: FileRef }[];
  readonly from?: number;
  readonly to?: number;
  /** Params by strategy id; `*` applies to every strategy of the config (an optimiser's choices may be strings). */
  readonly params: Readonly<Record<string, Readonly<Record<string, number | string | boolean>>>>;
}

/**
 * The schema pg-boss keeps its tables in: the one a URL's `options=-c search_path=NAME` names (so
 * that several sweeps' databases can share a server, as the tests do), else pg-boss's own `pgboss`.
 */
export function queueSchema(url: string): string {
  let options = '';
  try {
    options = new URL(url).searchParams.get('options') ?? '';
  } catch {
    return 'pgboss';
  }
  return /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1] ?? 'pgboss';
}

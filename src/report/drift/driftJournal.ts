import type { Fill } from '../../domain/fill.ts';
import type { RequestRecord } from '../../domain/request.ts';
import type { RequestOrigin } from '../../domain/requestOrigin.ts';

export type { RequestOrigin };

/**
 * One side of the comparison (live, or its shadow), as its journal holds it: the requests (to
 * find the intent of a fill) and the fills. A running kernel's journal and a read-only one
 * (`perpflow status`) both give it.
 */
export interface DriftJournal {
  readonly requests: readonly RequestOrigin[];
  readonly fills: readonly Fill[];
}

/** A writable journal's side of the comparison. */
export function driftJournalOf(j: {
  all(): readonly RequestRecord[];
  fills(): readonly Fill[];
}): DriftJournal {
  return { requests: j.all(), fills: j.fills() };
}

/** `execution.poll` of the config: how the tracker polls a request's status. */
export interface PollOptions {
  readonly firstDelayMs: number;
  readonly factor: number;
  readonly maxDelayMs: number;
  /** A 404 this soon after acceptance means "not indexed yet". */
  readonly notFoundGraceMs: number;
  /** Positive 404s after the grace window before one targeted re-query and UNKNOWN. */
  readonly notFoundLimit: number;
  /** The venue's settle bound (MARKET deadline); past it a request is settled from positions. */
  readonly deadlineMs: number;
}

export interface ExecutionOptions {
  readonly batchWindowMs: number;
  readonly maxBatchSize: number;
  readonly poll: PollOptions;
  readonly reconcile: {
    readonly intervalMs: number;
    /** How long status and positions may disagree before the disagreement counts (scenario 6). */
    readonly convergenceMs: number;
    /** An unknown request with no trace in the positions list this long after its send did not execute. */
    readonly unknownSettleMs: number;
    /** How far from its send a venue position may be created and still match it by fingerprint. */
    readonly fingerprintWindowMs: number;
  };
}

export const DEFAULT_POLL: PollOptions = {
  firstDelayMs: 200,
  factor: 1.5,
  maxDelayMs: 1000,
  notFoundGraceMs: 10_000,
  notFoundLimit: 5,
  deadlineMs: 300_000,
};

export const DEFAULT_EXECUTION: ExecutionOptions = {
  batchWindowMs: 5,
  maxBatchSize: 20,
  poll: DEFAULT_POLL,
  reconcile: {
    intervalMs: 30_000,
    convergenceMs: 5_000,
    unknownSettleMs: 30_000,
    fingerprintWindowMs: 60_000,
  },
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
export type ExecutionOptionsInput = DeepPartial<ExecutionOptions>;

export function executionOptions(input: ExecutionOptionsInput = {}): ExecutionOptions {
  return {
    ...DEFAULT_EXECUTION,
    ...input,
    poll: { ...DEFAULT_POLL, ...input.poll },
    reconcile: { ...DEFAULT_EXECUTION.reconcile, ...input.reconcile },
  } as ExecutionOptions;
}

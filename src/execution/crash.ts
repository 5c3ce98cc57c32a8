/** The labelled points where a process can die mid-flight (reliability.md scenario 18). */
export const CrashPoint = {
  beforeJournalCommit: 'beforeJournalCommit',
  afterCommitBeforeSend: 'afterCommitBeforeSend',
  afterSendBefore201: 'afterSendBefore201',
  after201BeforeTempId: 'after201BeforeTempId',
  midPoll: 'midPoll',
} as const;
export type CrashPoint = (typeof CrashPoint)[keyof typeof CrashPoint];
export const CRASH_POINTS: readonly CrashPoint[] = Object.values(CrashPoint);

/** Called at every labelled point; tests throw SimulatedCrash there. Production: a no-op. */
export type CrashHook = (point: CrashPoint) => void;

/** Thrown by a test's crash hook: the executor dies on the spot, as a killed process would. */
export class SimulatedCrash extends Error {
  override readonly name = 'SimulatedCrash';
  readonly point: CrashPoint;
  constructor(point: CrashPoint) {
    super(`simulated crash at ${point}`);
    this.point = point;
  }
}

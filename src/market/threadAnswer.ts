import { Worker } from 'node:worker_threads';

/** A thread started on a module, and the one message it answers with. */
export interface ThreadAnswer<T> {
  /** Its message; undefined when it could not start, failed, or ended without one. */
  readonly answer: Promise<T | undefined>;
  /** Ends the thread (its answer is no longer wanted). */
  stop(): void;
}

/**
 * Starts `script` on a thread with `workerData`. Every way a thread can go wrong answers
 * undefined, so the caller falls back to doing the work itself, which words any error.
 */
export function threadAnswer<T>(script: URL, workerData: unknown): ThreadAnswer<T> {
  let worker: Worker | undefined;
  const answer = new Promise<T | undefined>((resolve) => {
    try {
      worker = new Worker(script, { workerData });
    } catch {
      resolve(undefined);
      return;
    }
    worker.once('message', (m: T | undefined) => resolve(m));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
  return { answer, stop: () => void worker?.terminate() };
}

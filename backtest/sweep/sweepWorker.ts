import { parentPort, workerData } from 'node:worker_threads';
import { type BacktestRequest, backtestFromFiles, type LoadedData } from '../backtestFromFiles.ts';

/** What one sweep point asks of a worker, and what it answers. */
export interface SweepJob {
  readonly index: number;
  readonly request: Omit<BacktestRequest, 'onProgress' | 'params' | 'loaded'>;
  /** Params by strategy id; `*` applies to every strategy of the config. */
  readonly params: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export type SweepAnswer =
  | {
      readonly index: number;
      readonly ok: true;
      readonly metrics: Record<string, number | null>;
      readonly finalEquity: number;
    }
  | { readonly index: number; readonly ok: false; readonly error: string };

async function runJob(job: SweepJob, ids: readonly string[], loaded: LoadedData): Promise<SweepAnswer> {
  try {
    const all = job.params['*'] ?? {};
    const params = Object.fromEntries(ids.map((id) => [id, { ...all, ...job.params[id] }]));
    const o = await backtestFromFiles({ ...job.request, params, loaded });
    const m = o.metrics.overall;
    return {
      index: job.index,
      ok: true,
      finalEquity: o.result.finalEquity,
      metrics: {
        totalReturn: m.totalReturn,
        sharpe: m.sharpe,
        maxDrawdown: m.maxDrawdown,
        trades: m.trades,
        winRate: m.winRate,
        netPnl: m.netPnl,
      },
    };
  } catch (error) {
    return { index: job.index, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

// Each worker takes jobs one at a time from the parent until it is told to stop.
if (parentPort !== null) {
  const port = parentPort;
  const { ids, loaded } = workerData as { ids: readonly string[]; loaded: LoadedData };
  port.on('message', (job: SweepJob | null) => {
    if (job === null) {
      port.close();
      return;
    }
    void runJob(job, ids, loaded).then((answer) => port.postMessage(answer));
  });
}

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../../src/config/loadConfig.ts';
import { itemAt } from '../../src/domain/itemAt.ts';
import type { BacktestRequest } from '../backtestFromFiles.ts';
import { readDataSplit } from '../data/readDataSplit.ts';
import { formatMetric } from '../metrics/formatMetric.ts';
import { type SweepAxis, sweepGrid } from './parseSweep.ts';
import { rankSweep, type SweepRow } from './rankSweep.ts';
import type { SweepAnswer, SweepJob } from './runSweepJob.ts';
import { sharedData } from './sharedData.ts';

export type { SweepRow } from './rankSweep.ts';

const WORKER = new URL('./sweepWorkerEntry.js', import.meta.url);
/**
 * Each worker's young generation, in MB. V8 sizes it from the machine's memory (large here);
 * at 48 MB a 32-set sweep of 20k bars on 2 workers peaked at 400-418 MB instead of 525-531 MB
 * (about 55 MB less per worker); its CPU time, 17.1-24.1 s against 20.1 s twice, was within
 * the noise of the shared 2-core host (2026-11-25).
 */
const WORKER_YOUNG_GENERATION_MB = 48;

/**
 * Runs one backtest per point of the grid across worker threads (one backtest at a time per
 * worker, up to the machine's parallelism) on one shared copy of the data, and ranks the points by total return, best first;
 * points that failed (a parameter the strategy refuses, say) come last with their reason.
 */
export async function runSweep(
  request: Omit<BacktestRequest, 'onProgress' | 'params'>,
  axes: readonly SweepAxis[],
  o: { readonly threads?: number; readonly onProgress?: (done: number, total: number) => void } = {},
): Promise<SweepRow[]> {
  const ids = loadConfig(request.configFile).strategies.map((s) => s.id);
  // Read once here (a bad file is one error, not one per point) and shared with every worker.
  const { loaded: given, ...rest } = request;
  const loaded = given ?? sharedData(await readDataSplit(request));
  const grid = sweepGrid(axes);
  const threads = Math.max(1, Math.min(o.threads ?? availableParallelism(), grid.length));
  const answers: SweepAnswer[] = new Array(grid.length);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(WORKER, {
        workerData: { ids, loaded },
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      });
      try {
        while (next < grid.length) {
          const index = next++;
          const job: SweepJob = { index, request: rest, params: itemAt(grid, index) };
          answers[index] = await new Promise<SweepAnswer>((resolve, reject) => {
            // Both listeners go once either fires: kept, the error ones piled up one per job.
            const onMessage = (answer: SweepAnswer) => {
              worker.off('error', onError);
              resolve(answer);
            };
            const onError = (error: Error) => {
              worker.off('message', onMessage);
              reject(error);
            };
            worker.once('message', onMessage);
            worker.once('error', onError);
            worker.postMessage(job);
          });
          o.onProgress?.(++done, grid.length);
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  return rankSweep(grid, answers);
}

/** The ranked table: rank, the swept values, total return, Sharpe, max drawdown, trades, final equity. */
export function sweepTable(rows: readonly SweepRow[]): string {
  const head = ['rank', 'params', 'total return', 'sharpe', 'max drawdown', 'trades', 'final equity'];
  const body = rows.map((r, i) => {
    const p = Object.entries(r.params)
      .flatMap(([id, ps]) => Object.entries(ps).map(([k, v]) => `${id === '*' ? '' : `${id}.`}${k}=${v}`))
      .join(' ');
    const a = r.answer;
    if (!a.ok) return [String(i + 1), p, `error: ${a.error.split('\n')[0]}`, '', '', '', ''];
    return [
      String(i + 1),
      p,
      formatMetric(a.metrics.totalReturn ?? null, 'percent'),
      formatMetric(a.metrics.sharpe ?? null, 'ratio'),
      formatMetric(a.metrics.maxDrawdown ?? null, 'percent'),
      formatMetric(a.metrics.trades ?? null, 'count'),
      a.finalEquity.toFixed(2),
    ];
  });
  const all = [head, ...body];
  const widths = head.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((x, c) => x.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')}\n`;
}

import { loadConfig } from '../../src/config/loadConfig.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { type BacktestRequest, backtestFromFiles } from '../backtestFromFiles.ts';
import { readDataSplit } from '../data/readDataSplit.ts';
import { formatMetric } from '../metrics/formatMetric.ts';
import type { SweepAxis } from './parseSweep.ts';
import type { SweepRow } from './rankSweep.ts';
import { runSweep } from './runSweep.ts';
import { sharedData } from './sharedData.ts';
import { type StitchedOutOfSample, stitchedLine, stitchOutOfSample } from './stitchOutOfSample.ts';

/** A swept value, or an optimiser's choice (a string or boolean enum member). */
type ParamValue = number | string | boolean;

const UNIT_MS: Readonly<Record<string, number>> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

/** `train=365d,test=90d` (units m, h, d, w) as milliseconds. */
export function parseWalkForward(raw: string): { readonly trainMs: number; readonly testMs: number } {
  const parts = Object.fromEntries(
    raw.split(',').map((p) => {
      const [key = '', value = ''] = p.split('=');
      return [key, value];
    }),
  );
  const ms = (v: string | undefined) => {
    const m = /^(\d+)([mhdw])$/.exec(v ?? '');
    return m === null ? Number.NaN : Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? Number.NaN);
  };
  const trainMs = ms(parts.train);
  const testMs = ms(parts.test);
  if (!(trainMs > 0 && testMs > 0) || Object.keys(parts).length !== 2)
    throw new ConfigError(
      `--walk-forward ${raw}: expected train=DURATION,test=DURATION with units m, h, d or w, like --walk-forward train=365d,test=90d`,
    );
  return { trainMs, testMs };
}

export interface WalkForwardWindow {
  readonly trainFrom: number;
  readonly testFrom: number;
  readonly testTo: number;
  readonly best?: Readonly<Record<string, Readonly<Record<string, ParamValue>>>>;
  readonly trainReturn?: number | null;
  readonly testReturn?: number | null;
  readonly testTrades?: number;
  readonly error?: string;
}

/** Every window, and their test runs chained into one out-of-sample account. */
export interface WalkForwardResult {
  readonly windows: readonly WalkForwardWindow[];
  readonly stitched: StitchedOutOfSample;
}

/**
 * Walk-forward: on each training window the sweep picks the best point (by total return), which
 * then runs on the following test window it never saw; windows advance by the test length. The
 * test runs' curves are chained (`stitchOutOfSample`): the out-of-sample result as one account.
 * `sweep` runs each training window's sweep: on this machine's threads, or through a queue.
 */
export async function walkForward(
  request: Omit<BacktestRequest, 'onProgress' | 'params'>,
  axes: readonly SweepAxis[],
  spec: { readonly trainMs: number; readonly testMs: number },
  sweep: (
    request: Omit<BacktestRequest, 'onProgress' | 'params'>,
    axes: readonly SweepAxis[],
  ) => Promise<SweepRow<ParamValue>[]> = runSweep,
): Promise<WalkForwardResult> {
  const ids = loadConfig(request.configFile).strategies.map((s) => s.id);
  // Read once: every window's sweep and test run share this copy.
  const loaded = request.loaded ?? sharedData(await readDataSplit(request));
  const times = loaded.feeds.map((f) => f.time);
  const start = Math.max(
    request.from ?? Number.NEGATIVE_INFINITY,
    Math.min(...times.map((t) => t[0] ?? Number.NaN)),
  );
  const end = Math.min(
    request.to ?? Number.POSITIVE_INFINITY,
    Math.max(...times.map((t) => t.at(-1) ?? Number.NaN)) + 1,
  );
  const out: WalkForwardWindow[] = [];
  const runs: Parameters<typeof stitchOutOfSample>[0][number][] = [];
  for (let s = start; s + spec.trainMs < end; s += spec.testMs) {
    const testFrom = s + spec.trainMs;
    const testTo = Math.min(end, testFrom + spec.testMs);
    const rows = await sweep({ ...request, loaded, from: s, to: testFrom }, axes);
    const top = rows[0];
    if (top === undefined || !top.answer.ok) {
      out.push({
        trainFrom: s,
        testFrom,
        testTo,
        error: top?.answer.ok === false ? top.answer.error : 'no result',
      });
      runs.push(undefined);
      continue;
    }
    const all = top.params['*'] ?? {};
    try {
      const test = await backtestFromFiles({
        ...request,
        loaded,
        from: testFrom,
        to: testTo,
        params: Object.fromEntries(ids.map((id) => [id, { ...all, ...top.params[id] }])),
      });
      out.push({
        trainFrom: s,
        testFrom,
        testTo,
        best: top.params,
        trainReturn: top.answer.metrics.totalReturn ?? null,
        testReturn: test.metrics.overall.totalReturn,
        testTrades: test.metrics.overall.trades,
      });
      runs.push({ equity: test.result.equity, trades: test.metrics.overall.trades });
    } catch (error) {
      runs.push(undefined);
      out.push({
        trainFrom: s,
        testFrom,
        testTo,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (out.length === 0)
    throw new ConfigError(
      '--walk-forward: the data range is shorter than one training window plus a test window',
    );
  return { windows: out, stitched: stitchOutOfSample(runs) };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The windows' table, then the stitched out-of-sample line. */
export function walkForwardTable(result: WalkForwardResult): string {
  const rows = result.windows;
  const head = [
    'window',
    'train from',
    'test from',
    'test to',
    'best params',
    'train return',
    'test return',
    'test trades',
  ];
  const body = rows.map((r, i) => [
    String(i + 1),
    day(r.trainFrom),
    day(r.testFrom),
    day(r.testTo),
    r.error === undefined
      ? Object.entries(r.best ?? {})
          .flatMap(([id, ps]) => Object.entries(ps).map(([k, v]) => `${id === '*' ? '' : `${id}.`}${k}=${v}`))
          .join(' ')
      : `error: ${r.error.split('\n')[0]}`,
    formatMetric(r.trainReturn ?? null, 'percent'),
    formatMetric(r.testReturn ?? null, 'percent'),
    r.testTrades === undefined ? '' : String(r.testTrades),
  ]);
  const all = [head, ...body];
  const widths = head.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((x, c) => x.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')}\n\n${stitchedLine(result.stitched)}\n`;
}

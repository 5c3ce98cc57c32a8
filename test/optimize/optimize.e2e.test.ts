import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG, GOOG, perpflow, studyJson } from './support/optimizeCli.ts';

const dir = mkdtempSync(join(tmpdir(), 'perpflow-optimize-'));

describe('perpflow optimize', () => {
  it('searches the example config on the GOOG sample: exit 0, every trial in --json within the space, the best re-run on the held-out 30%', async () => {
    const report = join(dir, 'study.html');
    const r = await perpflow([
      CONFIG,
      '--data',
      GOOG,
      '--trials',
      '16',
      '--train',
      '70%',
      '--json',
      '--report',
      report,
    ]);
    expect(r.code).toBe(0);
    const s = studyJson.parse(JSON.parse(r.stdout));
    expect(s.trials.map((t) => t.number)).toEqual([...Array(16).keys()]);
    for (const t of s.trials) {
      expect(t.state).toBe('complete');
      const { fast, slow, mode, notional } = t.params;
      expect(Number.isInteger(fast) && Number.isInteger(slow)).toBe(true);
      expect(Number(fast)).toBeLessThan(Number(slow));
      expect(['long', 'short', 'reverse']).toContain(mode);
      expect(Number(notional) % 10_000).toBe(0);
    }
    const best = s.best;
    if (best === null) throw new Error('no best trial');
    expect(best.inSample.value).toBe(Math.max(...s.trials.map((t) => t.value ?? Number.NEGATIVE_INFINITY)));
    expect(best.inSample.to).toBe(best.outOfSample?.from);
    // The range ends just after the last bar (2013-03-01), as the walk-forward's does.
    expect(best.outOfSample?.to).toBe('2013-03-01T00:00:00.001Z');
    // The report: history, importance (its method named), a slice per parameter, the best's equity.
    const html = readFileSync(report, 'utf8');
    expect(html).toContain('<h2>Optimisation history</h2>');
    expect(html).toContain('correlation ratio η²');
    expect(html.match(/<svg /g)?.length).toBe(1 + 4 + 1);
    expect(html).toContain('>out of sample</text>');
  }, 60_000);

  it('with --pruner median stops each trial whose objective at a checkpoint is worse than the median of earlier complete trials there', async () => {
    const r = await perpflow([CONFIG, '--data', GOOG, '--trials', '24', '--pruner', 'median', '--json']);
    expect(r.code).toBe(0);
    const s = studyJson.parse(JSON.parse(r.stdout));
    const pruned = s.trials.filter((t) => t.state === 'pruned');
    expect(pruned.length).toBeGreaterThan(0);
    const median = (xs: number[]) => {
      const v = [...xs].sort((a, b) => a - b);
      const m = v.length >> 1;
      return v.length % 2 === 1 ? (v[m] ?? 0) : ((v[m - 1] ?? 0) + (v[m] ?? 0)) / 2;
    };
    for (const t of s.trials) {
      const earlier = s.trials.filter((e) => e.number < t.number && e.state === 'complete');
      const steps = Object.keys(t.intermediate);
      const stoppedAt = (step: string) =>
        earlier.length >= 5 &&
        (t.intermediate[step] ?? 0) > median(earlier.flatMap((e) => e.intermediate[step] ?? []));
      // A pruned trial stopped at its last checkpoint and at no earlier one; the rest never met the rule.
      if (t.state === 'pruned') {
        expect(stoppedAt(steps.at(-1) ?? ''), `trial ${t.number}`).toBe(true);
        expect(steps.slice(0, -1).some(stoppedAt), `trial ${t.number}`).toBe(false);
        expect(t.value).toBeNull();
      } else expect(steps.some(stoppedAt), `trial ${t.number}`).toBe(false);
    }
  }, 60_000);

  it('with --walk-forward runs a study per training window and reports the stitched out-of-sample result', async () => {
    const r = await perpflow([
      CONFIG,
      '--data',
      GOOG,
      '--trials',
      '8',
      '--walk-forward',
      'train=1500d,test=750d',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const s = z
      .object({
        mode: z.literal('walk-forward'),
        windows: z.array(
          z.object({
            trainFrom: z.number(),
            testFrom: z.number(),
            testTo: z.number(),
            inSampleValue: z.number().nullable(),
          }),
        ),
        outOfSample: z.object({ value: z.number().nullable(), trades: z.number() }),
        warnings: z.array(z.string()),
      })
      .parse(JSON.parse(r.stdout));
    const DAY = 86_400_000;
    expect(s.windows.map((w) => (w.testFrom - w.trainFrom) / DAY)).toEqual([1500, 1500, 1500]);
    expect(s.windows[1]?.trainFrom).toBe((s.windows[0]?.trainFrom ?? 0) + 750 * DAY);
    expect(s.windows.every((w) => w.inSampleValue !== null)).toBe(true);
  }, 60_000);

  it('with --sampler grid runs every grid point once, however many trials are asked', async () => {
    const config = join(dir, 'grid.yaml');
    writeFileSync(
      config,
      readFileSync(CONFIG, 'utf8')
        .replace('fast: [2, 50]', 'fast: [5, 15, 5]')
        .replace('slow: [10, 250, log]', 'slow: [20, 60, 20]')
        .replace('mode: [long, short, reverse]', 'mode: [long]')
        .replace('      notional: [10000, 90000, 10000]\n', ''),
    );
    const r = await perpflow([
      config,
      '--data',
      GOOG,
      '--sampler',
      'grid',
      '--trials',
      '100',
      '--to',
      '2007-01-01',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const points = studyJson
      .parse(JSON.parse(r.stdout))
      .trials.map((t) => `${t.params.fast}/${t.params.slow}`);
    expect(points).toEqual(['5/20', '5/40', '5/60', '10/20', '10/40', '10/60', '15/20', '15/40', '15/60']);
  }, 60_000);

  it('proposes the same trials for the same seed and other ones for another seed', async () => {
    const args = [CONFIG, '--data', GOOG, '--trials', '14', '--to', '2008-01-01', '--json'];
    const [a, b, c] = await Promise.all([
      perpflow([...args, '--seed', '3']),
      perpflow([...args, '--seed', '3']),
      perpflow([...args, '--seed', '4']),
    ]);
    const params = (x: { stdout: string }) =>
      studyJson.parse(JSON.parse(x.stdout)).trials.map((t) => t.params);
    expect(params(a)).toEqual(params(b));
    expect(params(c)).not.toEqual(params(a));
  }, 60_000);

  it('says where each bad input is and exits 2: unknown param, range outside the schema, bad constraint, bad flags', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      `mode: backtest
strategies:
  - id: sma-cross
    module: sma-cross
    markets: [GOOG]
    params: { fast: 10, slow: 30, quantity: 10 }
    optimize:
      fst: [5, 50]
      slow: [0, 200, log]
      constraints: ['fast < slow; rm -rf']
`,
    );
    const r = await perpflow([bad, '--data', GOOG, '--trials', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:8:7 strategies[0].optimize.fst: the strategy has no parameter fst`);
    expect(r.stderr).toContain(`${bad}:9:14 strategies[0].optimize.slow[0]:`);
    expect(r.stderr).toContain(`${bad}:10:21 strategies[0].optimize.constraints[0]:`);
    const impossible = join(dir, 'impossible.yaml');
    writeFileSync(
      impossible,
      readFileSync(CONFIG, 'utf8').replace("constraints: ['fast < slow']", "constraints: ['fast > 100']"),
    );
    const none = await perpflow([impossible, '--data', GOOG, '--trials', '3']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no point keeps the constraints (fast > 100)');
    for (const [flag, value, said] of [
      ['--objective', 'sharp', '--objective sharp: expected one of sharpe, sortino'],
      ['--train', '170%', '--train 170%: expected the share the search sees'],
      ['--trials', '0', '--trials 0: expected a whole number'],
      ['--sampler', 'cmaes', '--sampler cmaes: expected one of tpe, random, grid'],
      ['--pruner', 'hyperband', '--pruner hyperband: expected median or none'],
    ] as const) {
      const f = await perpflow([CONFIG, '--data', GOOG, flag, value]);
      expect(f.code, flag).toBe(2);
      expect(f.stderr).toContain(said);
    }
  }, 60_000);
});

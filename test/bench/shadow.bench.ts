/**
 * node test/bench/shadow.bench.ts (`npm run bench -- shadow`) — what a shadow (issue 47) costs the
 * bot it runs in: a sim-mode bot of N flippers (test/shadow/fixtures/flipper.ts, every few ticks
 * an open or a close) on the embedded simulator, on a virtual clock driven as fast as it goes,
 * MINUTES of virtual time a round, shadow off against a shadow of all N; ROUNDS rounds, off and
 * on alternating (which goes first alternates too, so a drift of the shared machine hits both),
 * medians. Figures: the process's CPU per live price tick (the bot, its simulator and, when on,
 * the shadow: all one process), and live's intents per wall second. Expect about 2× CPU: the
 * shadow decides every intent again and fills it in its own simulator, journaling to its own file.
 */
import { type ShadowSessionFigures, shadowSession } from './support/shadowSession.ts';

const N = Number(process.env.N ?? 8);
const MINUTES = Number(process.env.MINUTES ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const off: ShadowSessionFigures[] = [];
const on: ShadowSessionFigures[] = [];
await shadowSession(N, true, 2); // warm-up: the JIT, the module cache
for (let i = 0; i < ROUNDS; i++)
  for (const shadowed of i % 2 === 0 ? [false, true] : [true, false]) {
    const f = await shadowSession(N, shadowed, MINUTES);
    (shadowed ? on : off).push(f);
    process.stderr.write(
      `round ${i + 1} shadow ${shadowed ? 'on ' : 'off'}: ${f.ticks} ticks, ${f.intents} intents (shadow ${f.shadowIntents}), ${((f.cpuMs / f.ticks) * 1000).toFixed(0)} µs CPU/tick, ${((f.intents / f.wallMs) * 1000).toFixed(0)} intents/s\n`,
    );
  }
const cpuPerTick = (fs: readonly ShadowSessionFigures[]) => median(fs.map((f) => (f.cpuMs / f.ticks) * 1000));
const intentsPerSecond = (fs: readonly ShadowSessionFigures[]) =>
  median(fs.map((f) => (f.intents / f.wallMs) * 1000));
const rows = [
  ['measure', 'shadow of all', 'shadow off', 'ratio'],
  [
    `CPU µs per live tick, ${N} strategies (median of ${ROUNDS})`,
    cpuPerTick(on).toFixed(0),
    cpuPerTick(off).toFixed(0),
    (cpuPerTick(on) / cpuPerTick(off)).toFixed(2),
  ],
  [
    `live intents/s (median of ${ROUNDS})`,
    intentsPerSecond(on).toFixed(0),
    intentsPerSecond(off).toFixed(0),
    (intentsPerSecond(on) / intentsPerSecond(off)).toFixed(2),
  ],
  [
    `live intents a round / the shadow's (median of ${ROUNDS})`,
    median(on.map((f) => f.intents)).toFixed(0),
    median(on.map((f) => f.shadowIntents)).toFixed(0),
    '',
  ],
];
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
for (const r of rows) process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}\n`);

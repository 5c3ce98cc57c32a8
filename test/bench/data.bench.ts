/**
 * Loading bars for a backtest: 1M hourly rows of CSV (ISO timestamps, 6 columns, ~62 MB).
 *
 *   npm run bench -- data      (ROWS=10000000 for 10M)
 *
 * Each reader runs in its own child process (clean heap, honest RSS), best of 3 runs:
 * - baseline: read the file, split lines and cells, Number() every cell into Float64Arrays; no
 *   validation, no timestamps (epoch ms parsed with Number), no error locations;
 * - readBarColumns: perpflow's columnar reader, every rule checked;
 * - readBarsCsv: the object-per-bar reader (what the simulator's price replay uses).
 * Prints wall and CPU ms (best of 3 by CPU: on a shared machine wall time mostly measures the
 * neighbours), rows per CPU second, peak RSS over the process's idle RSS, and the CPU ratio to
 * the baseline.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
const self = fileURLToPath(import.meta.url);

/** A seeded random walk, so every run reads the same bytes. */
function writeCsv(file: string, rows: number, epoch: boolean): void {
  let seed = 42;
  const rnd = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const parts: string[] = ['timestamp,open,high,low,close,volume'];
  let price = 100;
  const t0 = Date.UTC(2000, 0, 1);
  for (let i = 0; i < rows; i++) {
    const open = price;
    price = Math.max(1, price * (1 + (rnd() - 0.5) * 0.01));
    const high = Math.max(open, price) * (1 + rnd() * 0.002);
    const low = Math.min(open, price) * (1 - rnd() * 0.002);
    const t = t0 + i * 3_600_000;
    const time = epoch ? String(t) : new Date(t).toISOString().replace('.000Z', 'Z');
    parts.push(
      `${time},${open.toFixed(4)},${high.toFixed(4)},${low.toFixed(4)},${price.toFixed(4)},${Math.round(rnd() * 1e6)}`,
    );
  }
  writeFileSync(file, `${parts.join('\n')}\n`);
}

async function child(mode: string, file: string): Promise<void> {
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  let rows = 0;
  if (mode === 'baseline') {
    const lines = readFileSync(file, 'utf8').split('\n');
    sample();
    const cols = Array.from({ length: 6 }, () => new Float64Array(lines.length));
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      if (line === '') continue;
      const cells = line.split(',');
      for (let c = 0; c < 6; c++) (cols[c] as Float64Array)[rows] = Number(cells[c]);
      rows++;
    }
  } else if (mode === 'columns') {
    const { readBarColumns } = await import('../../src/market/readBarColumns.ts');
    rows = readBarColumns(file, { symbol: 'BTCUSDT' }).length;
  } else {
    const { readBarsCsv } = await import('../../src/market/readBarsCsv.ts');
    rows = readBarsCsv(file, { symbol: 'BTCUSDT' }).length;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu0);
  sample();
  process.stdout.write(
    JSON.stringify({ ms, cpu: (used.user + used.system) / 1000, rows, mb: (peak - idle) / 2 ** 20 }),
  );
}

interface Result {
  ms: number;
  cpu: number;
  rows: number;
  mb: number;
}

function measure(mode: string, file: string): Result {
  let best: Result | undefined;
  for (let r = 0; r < RUNS; r++) {
    const run = spawnSync(process.execPath, [self, mode, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) throw new Error(`${mode} failed: ${run.stderr}`);
    const res = JSON.parse(run.stdout) as Result;
    if (!best || res.cpu < best.cpu) best = res;
  }
  return best as Result;
}

async function main(): Promise<void> {
  const [mode, file] = process.argv.slice(2);
  if (mode && file) return child(mode, file);
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-data-bench-'));
  try {
    for (const epoch of [false, true]) {
      const csv = join(dir, 'BTCUSDT-1h.csv');
      writeCsv(csv, ROWS, epoch);
      const mbFile = readFileSync(csv).length / 2 ** 20;
      process.stdout.write(
        `\n${ROWS.toLocaleString('en')} rows, ${epoch ? 'epoch ms' : 'ISO'} times, ${mbFile.toFixed(0)} MB; raw columns ${((ROWS * 48) / 2 ** 20).toFixed(0)} MB\n`,
      );
      const base = measure('baseline', csv);
      process.stdout.write('reader          wall ms  CPU ms  rows/CPU-s  peak RSS MB  CPU vs baseline\n');
      for (const [name, mode] of [
        ['baseline', 'baseline'],
        ['readBarColumns', 'columns'],
        ['readBarsCsv', 'objects'],
      ] as const) {
        const r = mode === 'baseline' ? base : measure(mode, csv);
        if (r.rows !== ROWS) throw new Error(`${name} read ${r.rows} rows, expected ${ROWS}`);
        process.stdout.write(
          `${name.padEnd(15)} ${r.ms.toFixed(0).padStart(7)} ${r.cpu.toFixed(0).padStart(7)} ${(ROWS / (r.cpu / 1000) / 1e6).toFixed(2).padStart(10)}M ${r.mb.toFixed(0).padStart(12)}  ${(r.cpu / base.cpu).toFixed(2)}x\n`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

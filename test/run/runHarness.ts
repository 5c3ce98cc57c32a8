import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SystemClock } from '../../src/clock/SystemClock.ts';

const exec = promisify(execFile);
const ROOT = process.cwd();
export const MAIN = join(ROOT, 'src/cli/main.ts');
/** The launcher a user starts (`npx perpflow`): it adds the V8 flags a command needs (bin/backtestNodeFlags.js). */
export const LAUNCHER = join(ROOT, 'bin/perpflow.js');

export interface Proc {
  readonly child: ChildProcess;
  /** stdout and stderr lines, in arrival order. */
  readonly lines: string[];
  readonly exited: Promise<number | null>;
  count(pattern: RegExp): number;
}

/** Spawns `perpflow ARGS` on this Node (24), collecting its output lines; `entry` LAUNCHER starts it as a user does. */
export function perpflow(
  args: readonly string[],
  cwd: string = ROOT,
  env: Record<string, string> = {},
  entry: string = MAIN,
): Proc {
  const child = spawn(process.execPath, [entry, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null): void => {
    let buf = '';
    stream?.on('data', (c: Buffer) => {
      buf += c.toString();
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      lines.push(...parts);
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited, count: (p) => lines.filter((l) => p.test(l)).length };
}

export interface CommandOutput {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `perpflow ARGS` run to its end on this Node (24): a command's exit code, stdout and stderr apart. */
export async function perpflowOutput(
  args: readonly string[],
  cwd: string = ROOT,
  env: Record<string, string> = {},
): Promise<CommandOutput> {
  try {
    const r = await exec(process.execPath, [MAIN, ...args], { cwd, env: { ...process.env, ...env } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** Waits (real time, bounded) until `cond` holds; a child process is the one thing tests cannot put on a virtual clock. */
export async function until(cond: () => boolean, ms: number, what: string, proc?: Proc): Promise<void> {
  const clock = new SystemClock();
  const end = clock.now() + ms;
  while (!cond()) {
    if (clock.now() > end)
      throw new Error(
        `timed out waiting for ${what}${proc ? `; output:\n${proc.lines.slice(-30).join('\n')}` : ''}`,
      );
    await clock.sleep(20);
  }
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'perpflow-run-'));
}

/** A config that trades within seconds: 1 s bars, quick fills, its own journal, no log file, any free status port. */
export function fastConfig(dir: string, o: { mode: string; url?: string; extra?: string }): string {
  const path = join(dir, 'bot.yaml');
  writeFileSync(
    path,
    `mode: ${o.mode}
venue: { url: ${o.url ?? 'null'} }
simulator: { seed: 7, fillLatencyMs: { min: 50, max: 150 } }
market: { pollIntervalMs: 200, staleAfterMs: 3000 }
journal: { path: ${join(dir, 'journal.sqlite')} }
risk:
  account: { maxOpenPositions: 4, maxNotionalPerPosition: 1000, maxTotalNotional: 4000, maxLeverage: 5, maxIntentsPerMinute: 600, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - id: sma-fast
    module: sma-cross
    markets: [BTCUSDT]
    interval: 1s
    params: { fast: 2, slow: 3, notional: 200, leverage: 2, mode: reverse }
logging: { level: info, file: null }
status: { port: 0 }
shutdown: { drainMs: 5000 }
${o.extra ?? ''}`,
  );
  return path;
}

export interface SimServer {
  readonly url: string;
  readonly proc: Proc;
  stop(): Promise<void>;
}

/** `perpflow sim` in its own process (GBM prices, quick fills): a venue that outlives the bot. */
export async function startSim(seed: number): Promise<SimServer> {
  const proc = perpflow([
    'sim',
    '--port',
    '0',
    '--json',
    '--seed',
    String(seed),
    '--fill-latency-ms',
    '50-150',
  ]);
  await until(() => proc.lines.some((l) => l.startsWith('{"url"')), 20_000, 'the simulator to listen', proc);
  const { url } = JSON.parse(proc.lines.find((l) => l.startsWith('{"url"')) as string) as { url: string };
  return {
    url,
    proc,
    stop: async () => {
      if (proc.child.exitCode === null) proc.child.kill('SIGTERM');
      await proc.exited;
    },
  };
}

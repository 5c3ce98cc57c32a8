/**
 * The venue client's full path (domain call → fetch → simulator over loopback HTTP → zod → Decimal
 * domain objects) against bare ky sending the same request with the same headers and only
 * `.json()`-ing the answer, in the same run, against the same simulator. The simulator runs in
 * its own process (test/bench/support/clientSimServer.ts), as a remote venue would: in this
 * process it would compete with the client for one event loop and blur what is measured.
 * Goal (performance.md L2): ≥ 0.8× bare ky's requests/s, ≤ 0.1 ms added at p50. The third
 * figure, this process's CPU time per request, does not depend on where the simulator runs:
 * it is the client's own cost.
 *
 *   node_modules/.bin/node test/bench/client.bench.ts
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ky from 'ky';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { MarketSymbol, TempId } from '../../src/domain/ids.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { RequestBudget } from '../../src/venue/http/requestBudget.ts';
import type { ClientSimInfo } from './support/clientSimServer.ts';

const SEQUENTIAL = Number(process.env.BENCH_SEQ ?? 3_000);
const CONCURRENT = Number(process.env.BENCH_CONC ?? 1_000);
// Many short alternating rounds rather than a few long ones: the machine is shared, and load
// that comes and goes then lands on both sides alike instead of on one side's whole round.
const ROUNDS = 16;
const IN_FLIGHT = 10;

const server = spawn(
  process.execPath,
  [fileURLToPath(new URL('./support/clientSimServer.ts', import.meta.url))],
  // stdin stays open: the server ends when it closes, so it cannot outlive this process.
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const sim = await new Promise<ClientSimInfo>((resolve, reject) => {
  let buf = '';
  server.stdout.on('data', (c: Buffer) => {
    buf += c.toString();
    const nl = buf.indexOf('\n');
    if (nl >= 0) resolve(JSON.parse(buf.slice(0, nl)) as ClientSimInfo);
  });
  server.on('exit', (code) => reject(new Error(`the simulator process exited with ${code}`)));
});

const clock = new SystemClock();
const venue = createVenueClient({
  baseUrl: sim.url,
  apiKey: sim.apiKey,
  subaccount: sim.subaccount,
  chainId: sim.chainId,
  clock,
  // The bucket runs on every call, but must not be what is measured.
  budget: new RequestBudget(clock, { ratePerSecond: 1e9, burst: 1e9 }),
});

const query = `subaccountAddress=${sim.subaccount}&chainId=${sim.chainId}`;
const bare = ky.create({
  retry: 0,
  timeout: false,
  throwHttpErrors: false,
  headers: { 'x-api-key': sim.apiKey, accept: 'application/json' },
});
const symbols = [MarketSymbol('BTCUSDT'), MarketSymbol('ETHUSDT')];
const tempId = TempId(sim.tempId);

type Call = () => Promise<unknown>;
const paths: Record<string, { bare: Call; client: Call }> = {
  'positions (5 rows)': {
    bare: () => bare(`${sim.url}/v1/positions/all?${query}`).json(),
    client: () => venue.positions(),
  },
  'mark prices (2 symbols)': {
    bare: () => bare(`${sim.url}/v1/pricing/mark-prices?symbols=BTCUSDT&symbols=ETHUSDT`).json(),
    client: () => venue.markPrices(symbols),
  },
  'open status poll': {
    bare: () =>
      bare(`${sim.url}/v1/positions/open-request/status?positionId=${tempId}&chainId=${sim.chainId}`).json(),
    client: () => venue.requestStatus('open', tempId),
  },
};

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
const median = (xs: number[]): number =>
  quantile(
    xs.sort((x, y) => x - y),
    0.5,
  );

/** One in flight: per-request latency. Alternating blocks so drift hits both sides alike. */
async function latencies(a: Call, b: Call, n: number): Promise<[number[], number[]]> {
  const la: number[] = [];
  const lb: number[] = [];
  for (let block = 0; block < 10; block++)
    for (const [call, into] of [
      [a, la],
      [b, lb],
    ] as const)
      for (let i = 0; i < n / 10; i++) {
        const t0 = performance.now();
        await call();
        into.push(performance.now() - t0);
      }
  return [la.sort((x, y) => x - y), lb.sort((x, y) => x - y)];
}

interface Round {
  readonly rps: number;
  /** This process's CPU µs (user + system, every thread: GC and JIT helpers too) per request. */
  readonly cpuUs: number;
  /** The main thread's alone: the event loop's own time per request, what bounds req/s. */
  readonly loopUs: number;
}

/** Requests/s at IN_FLIGHT, and the CPU this process spent meanwhile, per request. */
async function throughput(call: Call, n: number): Promise<Round> {
  let left = n;
  const cpu0 = process.cpuUsage();
  const loop0 = process.threadCpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) await call();
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const loop = process.threadCpuUsage(loop0);
  return { rps: n / seconds, cpuUs: (cpu.user + cpu.system) / n, loopUs: (loop.user + loop.system) / n };
}

/** Median of client/bare over rounds run back to back: load that drifts hits both of a pair. */
function pairedRatio(bare: readonly Round[], client: readonly Round[], of: (r: Round) => number): number {
  return median(bare.map((b, i) => of(client[i] as Round) / of(b)));
}

const rows: string[][] = [];
const cpuRows: string[][] = [];
for (const [name, p] of Object.entries(paths)) {
  // Warm-up: JIT, keep-alive connections, the market catalog.
  await latencies(p.bare, p.client, 500);
  const [bareLat, clientLat] = await latencies(p.bare, p.client, SEQUENTIAL);
  const bareRuns: Round[] = [];
  const clientRuns: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      bareRuns.push(await throughput(p.bare, CONCURRENT));
      clientRuns.push(await throughput(p.client, CONCURRENT));
    } else {
      clientRuns.push(await throughput(p.client, CONCURRENT));
      bareRuns.push(await throughput(p.bare, CONCURRENT));
    }
  }
  const side = (runs: readonly Round[], of: (r: Round) => number) => median(runs.map(of));
  const bareRps = side(bareRuns, (r) => r.rps);
  const clientRps = side(clientRuns, (r) => r.rps);
  const p50b = quantile(bareLat, 0.5);
  const p50c = quantile(clientLat, 0.5);
  rows.push([
    name,
    p50b.toFixed(3),
    p50c.toFixed(3),
    (p50c - p50b).toFixed(3),
    quantile(bareLat, 0.99).toFixed(3),
    quantile(clientLat, 0.99).toFixed(3),
    bareRps.toFixed(0),
    clientRps.toFixed(0),
    (clientRps / bareRps).toFixed(2),
  ]);
  const cells = (of: (r: Round) => number) => {
    const b = side(bareRuns, of);
    const c = side(clientRuns, of);
    return [b.toFixed(1), c.toFixed(1), (c - b).toFixed(1), pairedRatio(bareRuns, clientRuns, of).toFixed(2)];
  };
  cpuRows.push([name, ...cells((r) => r.loopUs), ...cells((r) => r.cpuUs)]);
}

function table(headers: readonly string[], body: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  return `${line(headers)}\n${body.map(line).join('\n')}\n`;
}

process.stdout.write(
  `venue client vs bare ky, loopback HTTP to the simulator in its own process, Node ${process.version}, ${SEQUENTIAL} sequential + ${ROUNDS}×${CONCURRENT} concurrent requests per side (median round)\n`,
);
process.stdout.write(
  table(
    [
      'request',
      'bare p50 ms',
      'client p50 ms',
      'Δp50 ms (goal ≤0.1)',
      'bare p99',
      'client p99',
      `bare req/s @${IN_FLIGHT}`,
      `client req/s @${IN_FLIGHT}`,
      'ratio (goal ≥0.8)',
    ],
    rows,
  ),
);
process.stdout.write(
  `\nthis process's CPU µs per request at ${IN_FLIGHT} in flight, median of ${ROUNDS} rounds (user + system; independent of where the venue runs; ratio = median of back-to-back pairs)\n`,
);
process.stdout.write(
  table(
    ['request', 'loop: bare ky', 'client', 'added', 'ratio', 'process: bare ky', 'client', 'added', 'ratio'],
    cpuRows,
  ),
);

server.stdin.end();
await once(server, 'exit');

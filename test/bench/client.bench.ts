/**
 * The venue client's full path (domain call → ky → simulator over loopback HTTP → zod → Decimal
 * domain objects) against bare ky sending the same request with the same headers and only
 * `JSON.parse`-ing the answer, in the same run, against the same simulator process.
 * Goal (performance.md L2): ≥ 0.8× bare ky's requests/s, ≤ 0.1 ms added at p50.
 *
 *   node_modules/.bin/node test/bench/client.bench.ts
 */
import { performance } from 'node:perf_hooks';
import ky from 'ky';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { bootstrapAccount, createSimulator } from '../../src/simulator/index.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { RequestBudget } from '../../src/venue/http/requestBudget.ts';

const SEQUENTIAL = Number(process.env.BENCH_SEQ ?? 3_000);
const CONCURRENT = Number(process.env.BENCH_CONC ?? 3_000);
const ROUNDS = 5;
const IN_FLIGHT = 10;
const POSITIONS = 5;

const clock = new SystemClock();
const sim = createSimulator({ clock, seed: 3, fillLatencyMs: { min: 5, max: 10 } });
const server = await sim.listen({ port: 0 });
const account = await bootstrapAccount((r) => fetch(r), { baseUrl: server.url });
const venue = createVenueClient({
  baseUrl: server.url,
  apiKey: account.apiKey,
  subaccount: account.subaccount,
  clock,
  // The bucket runs on every call, but must not be what is measured.
  budget: new RequestBudget(clock, { ratePerSecond: 1e9, burst: 1e9 }),
});

// A realistic answer to parse: a few open positions, not an empty list.
for (let i = 0; i < POSITIONS; i++)
  await venue.openPosition({
    symbol: MarketSymbol(i % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT'),
    side: i % 2 === 0 ? 'LONG' : 'SHORT',
    orderType: 'MARKET',
    quantity: dec(i % 2 === 0 ? '0.01' : '0.1'),
    leverage: 5,
    slippage: dec('0.02'),
  });
while ((await venue.positions()).some((p) => p.quoteId === null)) await clock.sleep(20);

const query = `subaccountAddress=${account.subaccount}&chainId=${account.chainId}`;
const bare = ky.create({
  retry: 0,
  timeout: false,
  throwHttpErrors: false,
  headers: { 'x-api-key': account.apiKey, accept: 'application/json' },
});
const symbols = [MarketSymbol('BTCUSDT'), MarketSymbol('ETHUSDT')];

type Call = () => Promise<unknown>;
const paths: Record<string, { bare: Call; client: Call }> = {
  'positions (5 rows)': {
    bare: () => bare(`${server.url}/v1/positions/all?${query}`).json(),
    client: () => venue.positions(),
  },
  'mark prices (2 symbols)': {
    bare: () => bare(`${server.url}/v1/pricing/mark-prices?symbols=BTCUSDT&symbols=ETHUSDT`).json(),
    client: () => venue.markPrices(symbols),
  },
};

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

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

async function throughput(call: Call, n: number): Promise<number> {
  let left = n;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) await call();
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

const rows: string[][] = [];
for (const [name, p] of Object.entries(paths)) {
  // Warm-up: JIT, keep-alive connections, the market catalog.
  await latencies(p.bare, p.client, 500);
  const [bareLat, clientLat] = await latencies(p.bare, p.client, SEQUENTIAL);
  // Alternating rounds, median of each side: the machine is shared, so one round can be unlucky.
  const bareRuns: number[] = [];
  const clientRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      bareRuns.push(await throughput(p.bare, CONCURRENT));
      clientRuns.push(await throughput(p.client, CONCURRENT));
    } else {
      clientRuns.push(await throughput(p.client, CONCURRENT));
      bareRuns.push(await throughput(p.bare, CONCURRENT));
    }
  }
  const bareRps = quantile(
    bareRuns.sort((x, y) => x - y),
    0.5,
  );
  const clientRps = quantile(
    clientRuns.sort((x, y) => x - y),
    0.5,
  );
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
}

const headers = [
  'request',
  'bare p50 ms',
  'client p50 ms',
  'Δp50 ms (goal ≤0.1)',
  'bare p99',
  'client p99',
  `bare req/s @${IN_FLIGHT}`,
  `client req/s @${IN_FLIGHT}`,
  'ratio (goal ≥0.8)',
];
const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
process.stdout.write(
  `venue client vs bare ky, loopback HTTP to the simulator, Node ${process.version}, ${SEQUENTIAL} sequential + ${ROUNDS}×${CONCURRENT} concurrent requests per side (median round)\n`,
);
process.stdout.write(`${line(headers)}\n${rows.map(line).join('\n')}\n`);

sim.stop();
await server.close();

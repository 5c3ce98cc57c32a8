/**
 * Venue simulator capacity (performance.md L5) and engine speed for backtests.
 *
 *   node_modules/.bin/node test/bench/simulator.bench.ts
 *
 * 1. HTTP: the Fastify simulator (real handlers: auth, zod validation, engine) against a bare
 *    node:http JSON server answering the same bytes, each in its own child process, under autocannon:
 *    GET positions/all, GET mark-prices, POST create-position with a valid key. Goal ≥ 0.5×
 *    the bare server's req/s with 0 errors. Each server also reports its own CPU time, so the
 *    table shows CPU µs per request beside the ratio: that figure does not depend on how the
 *    two cores were shared with autocannon during the run.
 * 2. Engine: setMark ticks/s with resting LIMITs, TP/SL and open positions on the symbol,
 *    against a bare loop that only stores the price.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { createRng } from '../../src/simulator/rng.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Cannon = (o: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const CONNECTIONS = 10;
const DURATION_S = 4;
/** Rounds per side, interleaved bare/sim; the best round of each side counts (the machine is shared). */
const ROUNDS = 3;
const CHAIN = 42161;

interface SimInfo {
  url: string;
  readKey: string;
  readSub: string;
  writeKey: string;
  writeSub: string;
}

// ---------------------------------------------------------------- child servers

/** Each server reports its own CPU time (all threads, user + system) when the driver asks. */
function answerCpuQueries(): void {
  process.on('message', () => {
    const u = process.cpuUsage();
    process.send?.(u.user + u.system);
  });
}

/**
 * The baseline answers each GET with the very bytes the simulator answered for that path
 * (handed over in BARE_BODIES), so the ratio measures the simulator's handling, not body size.
 */
async function serveBare(): Promise<void> {
  answerCpuQueries();
  const bodies = JSON.parse(process.env.BARE_BODIES ?? '{}') as Record<string, string>;
  const fallback = JSON.stringify({ success: true, statusMessage: 'OK', data: null });
  const server = createServer((req, res) => {
    const payload = bodies[req.url ?? ''] ?? fallback;
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const parsed = JSON.parse(body) as { quantity: number };
        const out = JSON.stringify({
          success: true,
          statusMessage: 'Accepted',
          data: { tempId: `t-${parsed.quantity}`, status: 'PENDING' },
        });
        res.writeHead(201, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(out),
        });
        res.end(out);
      });
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(payload),
    });
    res.end(payload);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    process.stdout.write(
      `${JSON.stringify({ url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` })}\n`,
    );
  });
}

async function serveSim(): Promise<void> {
  answerCpuQueries();
  const clock = new SystemClock();
  const sim = createSimulator({ clock, seed: 1, fillLatencyMs: { min: 200, max: 600 } });
  const reader = await bootstrapAccount(sim.fetch, {
    wallet: '0x000000000000000000000000000000000000bead',
    collateral: 100_000,
  });
  const writer = await bootstrapAccount(sim.fetch, {
    wallet: '0x000000000000000000000000000000000000beef',
    collateral: 1e12,
  });
  const sub = sim.accounts.subaccount(reader.subaccount, CHAIN);
  for (let i = 0; i < 5; i++)
    sim.engine.submitOpen(sub, {
      marketId: 1 + (i % 4),
      positionType: 'LONG',
      orderType: 'MARKET',
      quantity: [0.01, 0.1, 1, 100][i % 4] as number,
      leverage: 5,
    });
  await clock.sleep(800);
  const server = await sim.listen({ port: 0 });
  process.stdout.write(
    `${JSON.stringify({ url: server.url, readKey: reader.apiKey, readSub: reader.subaccount, writeKey: writer.apiKey, writeSub: writer.subaccount } satisfies SimInfo)}\n`,
  );
}

// ---------------------------------------------------------------- driver

function start(
  kind: 'bare' | 'sim',
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; info: SimInfo }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', kind], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout?.on('data', (c: Buffer) => {
      buf += c.toString();
      const nl = buf.indexOf('\n');
      if (nl >= 0) resolve({ child, info: JSON.parse(buf.slice(0, nl)) as SimInfo });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

/** CPU µs the child has used so far. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(Number(m)));
    child.send('cpu');
  });
}

interface Measured extends CannonResult {
  /** Server CPU (µs, all threads) per answered request. */
  cpuPerRequest: number;
}

interface Row {
  name: string;
  bare: Measured;
  sim: Measured;
}

const fmt = (n: number, d = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function cannon(
  server: ChildProcess,
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<Measured> {
  const before = await cpuOf(server);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...o });
  const used = (await cpuOf(server)) - before;
  return { ...r, cpuPerRequest: used / Math.max(1, r.requests.total) };
}

async function httpBench(): Promise<Row[]> {
  const sim = await start('sim');
  const s = sim.info;
  const rows: Row[] = [];
  const readPaths = [
    `/v1/positions/all?subaccountAddress=${s.readSub}&chainId=${CHAIN}`,
    '/v1/pricing/mark-prices?symbols=BTCUSDT&symbols=ETHUSDT',
  ];
  const bodies: Record<string, string> = {};
  for (const path of readPaths) {
    bodies[path] = await (await fetch(`${s.url}${path}`, { headers: { 'x-api-key': s.readKey } })).text();
  }
  const bare = await start('bare', { BARE_BODIES: JSON.stringify(bodies) });
  try {
    const create = JSON.stringify({
      marketId: 1,
      subaccountAddress: s.writeSub,
      chainId: CHAIN,
      positionType: 'LONG',
      orderType: 'MARKET',
      quantity: 0.002,
      leverage: 10,
    });
    const cases = [
      {
        name: 'GET /v1/positions/all',
        path: readPaths[0] as string,
        key: s.readKey,
      },
      {
        name: 'GET /v1/pricing/mark-prices',
        path: readPaths[1] as string,
        key: s.readKey,
      },
      {
        name: 'POST /v1/trade/create-position',
        path: '/v1/trade/create-position',
        key: s.writeKey,
        body: create,
      },
    ];
    for (const c of cases) {
      const opts = {
        method: c.body ? 'POST' : 'GET',
        headers: { 'x-api-key': c.key, ...(c.body ? { 'content-type': 'application/json' } : {}) },
        ...(c.body ? { body: c.body } : {}),
      };
      let b: Measured | undefined;
      let r: Measured | undefined;
      let simErrors = 0;
      let simNon2xx = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const bb = await cannon(bare.child, `${bare.info.url}${c.path}`, opts);
        const rr = await cannon(sim.child, `${s.url}${c.path}`, opts);
        simErrors += rr.errors + rr.timeouts;
        simNon2xx += rr.non2xx;
        if (!b || bb.requests.average > b.requests.average) b = bb;
        if (!r || rr.requests.average > r.requests.average) r = rr;
      }
      if (!b || !r) throw new Error('no rounds ran');
      rows.push({ name: c.name, bare: b, sim: { ...r, errors: simErrors, timeouts: 0, non2xx: simNon2xx } });
    }
  } finally {
    bare.child.kill('SIGTERM');
    sim.child.kill('SIGTERM');
  }
  return rows;
}

async function engineBench(): Promise<{ ticks: number; engineMs: number; bareMs: number }> {
  const clock = new VirtualClock();
  const sim = createSimulator({ clock, seed: 9, prices: manualPrices(), fillLatencyMs: { min: 0, max: 0 } });
  const acc = await bootstrapAccount(sim.fetch, { collateral: 1e9 });
  const e = sim.engine;
  const sub = e.accounts.subaccount(acc.subaccount, CHAIN);
  for (let i = 0; i < 20; i++) {
    e.submitOpen(sub, {
      marketId: 1,
      positionType: i % 2 ? 'SHORT' : 'LONG',
      orderType: 'MARKET',
      quantity: 0.01,
      leverage: 5,
    });
    e.submitOpen(sub, {
      marketId: 1,
      positionType: 'LONG',
      orderType: 'LIMIT',
      quantity: 0.01,
      leverage: 5,
      limitPrice: 50_000 + i,
    });
  }
  clock.advanceSync(1);
  for (const q of e.positions(sub))
    if (q.status === 'OPENED')
      e.setTpSl(q, q.side === 'LONG' ? 200_000 : 10_000, q.side === 'LONG' ? 10_000 : 200_000);
  // A seeded walk that stays inside the band (prices around 95k ± a few %), as most bars do.
  const n = 2_000_000;
  const prices = new Float64Array(n);
  const rng = createRng(3);
  let p = 95_000;
  for (let i = 0; i < n; i++) {
    p = Math.min(99_000, Math.max(91_000, p * (1 + 0.0005 * rng.normal())));
    prices[i] = p;
  }
  const base = clock.now();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) e.setMark('BTCUSDT', prices[i] as number, base + i);
  const engineMs = performance.now() - t0;
  const bare = new Map<string, { mark: number; ts: number }>([['BTCUSDT', { mark: 0, ts: 0 }]]);
  const t1 = performance.now();
  for (let i = 0; i < n; i++) {
    const m = bare.get('BTCUSDT') as { mark: number; ts: number };
    m.mark = prices[i] as number;
    m.ts = base + i;
  }
  const bareMs = performance.now() - t1;
  sim.stop();
  return { ticks: n, engineMs, bareMs };
}

async function main(): Promise<void> {
  const rows = await httpBench();
  process.stdout.write(
    `\nHTTP, autocannon -c ${CONNECTIONS} -d ${DURATION_S}, best of ${ROUNDS} interleaved rounds per side (bare node:http vs Fastify simulator, child processes; errors summed)\n`,
  );
  process.stdout.write(
    `${'endpoint'.padEnd(34)}${'bare req/s'.padStart(12)}${'sim req/s'.padStart(12)}${'ratio'.padStart(8)}${'sim p50/p99 ms'.padStart(16)}${'errors'.padStart(8)}${'non2xx'.padStart(8)}${'server CPU µs/req bare/sim'.padStart(28)}\n`,
  );
  let ok = true;
  for (const r of rows) {
    const ratio = r.sim.requests.average / r.bare.requests.average;
    const errors = r.sim.errors + r.sim.timeouts;
    if (ratio < 0.5 || errors > 0 || r.sim.non2xx > 0) ok = false;
    process.stdout.write(
      `${r.name.padEnd(34)}${fmt(r.bare.requests.average).padStart(12)}${fmt(r.sim.requests.average).padStart(12)}${fmt(ratio, 2).padStart(8)}${`${r.sim.latency.p50}/${r.sim.latency.p99}`.padStart(16)}${String(errors).padStart(8)}${String(r.sim.non2xx).padStart(8)}${`${fmt(r.bare.cpuPerRequest, 1)}/${fmt(r.sim.cpuPerRequest, 1)}`.padStart(28)}\n`,
    );
  }
  const eng = await engineBench();
  const tps = eng.ticks / (eng.engineMs / 1000);
  const bareTps = eng.ticks / (eng.bareMs / 1000);
  process.stdout.write(
    `\nEngine setMark (40 quotes, TP/SL and LIMITs on the symbol), ${fmt(eng.ticks)} ticks\n`,
  );
  process.stdout.write(`${'path'.padEnd(34)}${'ticks/s'.padStart(14)}${'ratio'.padStart(8)}\n`);
  process.stdout.write(`${'bare Map store'.padEnd(34)}${fmt(bareTps).padStart(14)}${'1.00'.padStart(8)}\n`);
  process.stdout.write(
    `${'engine.setMark'.padEnd(34)}${fmt(tps).padStart(14)}${fmt(tps / bareTps, 2).padStart(8)}\n`,
  );
  process.stdout.write(`\ngoal (≥ 0.5× bare req/s, 0 errors, 0 non-2xx): ${ok ? 'met' : 'NOT met'}\n`);
}

const serve = process.argv.indexOf('--serve');
if (serve >= 0) await (process.argv[serve + 1] === 'sim' ? serveSim() : serveBare());
else await main();

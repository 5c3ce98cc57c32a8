import type { Command } from 'commander';
import { SystemClock } from '../../clock/SystemClock.ts';
import { errnoCode } from '../../errors/errnoCode.ts';
import { describeError } from '../../log/redact.ts';
import { ALLOW_REMOTE_HELP, type SimFlags, simSettings } from '../../simulator/cli/simCliOptions.ts';
import { createSimulator } from '../../simulator/createSimulator.ts';
import { DEFAULT_FILL_LATENCY_MS, DEFAULT_LIMIT_TTL_MS } from '../../simulator/engine/defaults.ts';
import { describeLatency } from '../../simulator/engine/FillLatency.ts';
import { defaultMarkets } from '../../simulator/markets.ts';
import { csvPrices } from '../../simulator/prices/csvPrices.ts';
import { action } from '../action.ts';
import { activeFaults, nextSteps } from './simBanner.ts';

const DEV_WALLET = '0x00000000000000000000000000000000000a11ce';

/** A listen error in words an operator can act on (the port in use is the usual one). */
function listenFailure(e: unknown, host: string, port: number): Error {
  const code = errnoCode(e);
  if (code === 'EADDRINUSE')
    return new Error(
      `cannot listen on ${host}:${port}: the port is already in use; stop what holds it, or pass --port 0 for any free port`,
      { cause: e },
    );
  if (code === 'EACCES')
    return new Error(
      `cannot listen on ${host}:${port}: permission denied (ports below 1024 need privileges)`,
      {
        cause: e,
      },
    );
  return new Error(`cannot listen on ${host}:${port}`, { cause: e });
}

/** `perpflow sim`: the venue simulator on 127.0.0.1, until SIGINT/SIGTERM. */
export function registerSimCommand(program: Command): void {
  program
    .command('sim')
    .description('run the venue simulator on 127.0.0.1 (prints a dev session token and the setup steps)')
    .option('--port <n>', 'port to listen on (0 = any free port)', '8787')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--allow-remote', ALLOW_REMOTE_HELP)
    .option('--seed <n>', 'seed of ids, prices, fills and faults', '1')
    .option(
      '--fill-latency-ms <A-B|median=M,p99=P>',
      'delay from accept to fill: uniform in [A, B] ms, or log-normal with that median and 99th percentile',
      `${DEFAULT_FILL_LATENCY_MS.min}-${DEFAULT_FILL_LATENCY_MS.max}`,
    )
    .option(
      '--limit-ttl-ms <n>',
      'a LIMIT open or close resting this long ends EXPIRED',
      String(DEFAULT_LIMIT_TTL_MS),
    )
    .option('--faults <file>', 'YAML fault profile (e.g. config/faults/flaky.yaml); flags below override it')
    .option(
      '--prices <gbm|file.csv[:SYMBOL]>',
      'seeded random walk, or OHLCV bars to replay (timestamp,open,high,low,close[,volume] or pandas ,Open,High,Low,Close,Volume); the market is :SYMBOL, a symbol column, or the file name',
      'gbm',
    )
    .option('--wallet <0x…>', 'wallet of the printed dev session', DEV_WALLET)
    .option('--collateral <n>', 'collateral credited to the dev subaccount', '100000')
    .option('--latency-ms <A-B>', 'fault: extra latency per request')
    .option('--error-rate <p>', 'fault: share of requests answered 503')
    .option('--drop-rate <p>', 'fault: share of accepted submits whose response is dropped')
    .option('--indexing-lag-ms <n>', 'fault: a fresh request id answers 404 this long')
    .option('--refusal-rate <p>', 'fault: share of fills the solver refuses')
    .option(
      '--json',
      'print one JSON line (url, session token, wallet, subaccount, faults) instead of the banner',
    )
    .action(
      action(async (flags: SimFlags & { json?: boolean }) => {
        const s = simSettings(flags);
        const markets = defaultMarkets();
        const prices =
          s.prices === 'gbm'
            ? undefined
            : csvPrices(s.prices.csv, {
                ...(s.prices.symbol === undefined ? {} : { symbol: s.prices.symbol }),
                markets: markets.map((m) => m.spec.symbol),
              });
        const clock = new SystemClock();
        const sim = createSimulator({
          clock,
          seed: s.seed,
          fillLatencyMs: s.fillLatencyMs,
          limitTtlMs: s.limitTtlMs,
          faults: s.faults,
          devDoors: s.devDoors,
          markets,
          ...(prices ? { prices } : {}),
          onInternalError: (e) => process.stderr.write(`simulator internal error: ${describeError(e)}\n`),
        });
        // A reader that went away (`perpflow sim | head`) must not take the venue down with it.
        process.stdout.on('error', (e: NodeJS.ErrnoException) => {
          if (e.code !== 'EPIPE') throw e;
        });
        const server = await sim.listen({ port: s.port, host: s.host }).catch((e: unknown) => {
          sim.stop();
          throw listenFailure(e, s.host, s.port);
        });
        // Handlers go in before the first line is printed: whoever reads the url may stop us at once.
        const stopped = new Promise<void>((resolve) => {
          const stop = (signal: string): void => {
            if (flags.json) process.stdout.write(`${JSON.stringify({ stopping: signal })}\n`);
            else process.stdout.write(`\n${signal}: stopping the venue simulator\n`);
            sim.stop();
            server.close().then(resolve, resolve);
          };
          process.once('SIGINT', () => stop('SIGINT'));
          process.once('SIGTERM', () => stop('SIGTERM'));
        });
        const session = sim.accounts.signIn(s.wallet, sim.engine.chainId, 86_400);
        const sub = sim.accounts.subaccountsOf(s.wallet)[0];
        if (sub && s.collateral > 0) sim.accounts.faucet(sub.address, sub.chainId, s.collateral);
        const faults = activeFaults(s.faults);
        if (flags.json) {
          const banner = {
            url: server.url,
            sessionJwt: session.token,
            wallet: s.wallet,
            subaccount: sub?.address ?? null,
            collateral: s.collateral,
            fills: describeLatency(s.fillLatencyMs),
            limitTtlMs: s.limitTtlMs,
            faults,
          };
          process.stdout.write(`${JSON.stringify(banner)}\n`);
        } else {
          process.stdout.write(`venue simulator listening on ${server.url}\n`);
          process.stdout.write(
            `fills: ${describeLatency(s.fillLatencyMs)}; resting LIMITs expire after ${s.limitTtlMs} ms\n`,
          );
          process.stdout.write(
            faults.length === 0 ? 'faults: none\n' : `FAULTS ACTIVE: ${faults.join(', ')}\n`,
          );
          process.stdout.write(
            nextSteps(server.url, s.wallet, sub?.address ?? '?', s.collateral, session.token),
          );
        }
        await stopped;
      }),
    );
}

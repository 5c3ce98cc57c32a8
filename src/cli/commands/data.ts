import type { Command } from 'commander';
import { SystemClock } from '../../clock/SystemClock.ts';
import { loadConfig } from '../../config/loadConfig.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { recordBars } from '../../kernel/recordBars.ts';
import { createLogger } from '../../log/createLogger.ts';
import { parseInterval } from '../../market/parseInterval.ts';
import { action } from '../action.ts';

const SYMBOL = /^[A-Z0-9]{2,20}$/;

/** `perpflow data record`: bars from a running venue (the config's: simulator or real) to CSV. */
export function registerDataCommands(program: Command): void {
  const data = program.command('data').description('market data for backtests');
  data
    .command('record')
    .description(
      'poll the venue of a config and write bars to <out>/<SYMBOL>-<interval>.csv until Ctrl-C (or --bars N)',
    )
    .argument(
      '[config]',
      'the YAML config whose venue to read (dry-run: the embedded simulator)',
      'config/default.yaml',
    )
    .requiredOption('--markets <list>', 'comma-separated market symbols, like BTCUSDT,ETHUSDT')
    .option('--interval <interval>', 'bar interval: 30s, 1m, 5m, 1h …', '1m')
    .option('--out <dir>', 'directory of the CSV files', 'data')
    .option('--bars <n>', 'stop after this many bars of every market')
    .option('--json', 'print {"files":[…],"bars":N} when done')
    .action(
      action(
        async (
          file: string,
          f: { markets: string; interval: string; out: string; bars?: string; json?: boolean },
        ) => {
          const markets = f.markets.split(',').map((m) => m.trim());
          const bad = markets.filter((m) => !SYMBOL.test(m));
          if (bad.length > 0)
            throw new ConfigError(`--markets: not market symbols: ${bad.join(', ')} (like BTCUSDT)`);
          try {
            parseInterval(f.interval);
          } catch (e) {
            throw new ConfigError(`--interval: ${(e as Error).message}`);
          }
          const bars = f.bars === undefined ? undefined : Number(f.bars);
          if (bars !== undefined && !(Number.isInteger(bars) && bars > 0))
            throw new ConfigError(`--bars: expected a positive whole number, got ${f.bars}`);
          const clock = new SystemClock();
          const log = createLogger({ file: null, clock, terminal: f.json ? null : process.stderr });
          const rec = await recordBars({
            config: loadConfig(file),
            markets,
            interval: f.interval,
            outDir: f.out,
            clock,
            log,
            ...(bars === undefined ? {} : { bars }),
          });
          process.once('SIGINT', () => rec.stop());
          process.once('SIGTERM', () => rec.stop());
          const n = await rec.done;
          await log.close();
          if (f.json) process.stdout.write(`${JSON.stringify({ files: rec.files, bars: n })}\n`);
          else process.stdout.write(`${n} bars written to ${rec.files.join(', ')}\n`);
        },
      ),
    );
}

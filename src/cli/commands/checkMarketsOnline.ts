import { SystemClock } from '../../clock/SystemClock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { MarketSymbol } from '../../domain/ids.ts';
import { dec } from '../../domain/money.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { embeddedSimulatorMarkets } from '../../kernel/edges/embeddedSimulatorMarkets.ts';
import { checkMarketsListed } from '../../kernel/preflight.ts';
import { createVenueClient } from '../../venue/createVenueClient.ts';
import { notionalNearMinimum } from './notionalNearMinimum.ts';

/**
 * `config validate --online`: the markets of every enabled strategy against the list of the venue
 * the config trades (a read-only call), or the embedded simulator's list when venue.url is null
 * (none for a backtest, whose markets are its data files');
 * then a warning for each notional within one quantity step of its market's minimum.
 */
export async function checkMarketsOnline(config: PerpflowConfig, file: string): Promise<void> {
  const { url, apiKey, subaccount } = config.venue;
  if (url === null) {
    const sim = embeddedSimulatorMarkets(config);
    if (sim === undefined) return; // a backtest: its markets are its data files', no venue lists them
    const markets = async () => sim.map((m) => m.spec);
    await checkMarketsListed(config, { markets }, { configFile: file, venueName: 'the simulator' });
    const start = new Map(sim.map((m) => [String(m.spec.symbol), dec(m.initialPrice)]));
    warn(
      file,
      notionalNearMinimum(config.strategies, await markets(), (m) => start.get(m)),
    );
    return;
  }
  if (apiKey === null || subaccount === null)
    throw new ConfigError(
      `--online reads the markets of ${new URL(url).host} with venue.apiKey and venue.subaccount: set both (as \${env:…} references)`,
    );
  const venue = createVenueClient({
    baseUrl: url,
    apiKey,
    subaccount,
    chainId: config.venue.chainId,
    solver: config.venue.solver,
    clock: new SystemClock(),
    timeoutMs: config.venue.timeoutMs,
  });
  await checkMarketsListed(config, venue, {
    configFile: file,
    venueName: `the venue at ${new URL(url).host}`,
  });
  const traded = [...new Set(config.strategies.filter((s) => s.enabled).flatMap((s) => s.markets))];
  const marks = new Map(
    (await venue.markPrices(traded.map((m) => MarketSymbol(m)))).map((t) => [String(t.symbol), dec(t.mark)]),
  );
  warn(
    file,
    notionalNearMinimum(config.strategies, await venue.markets(), (m) => marks.get(m)),
  );
}

/** Warnings go to stderr and leave the exit code alone: the config is valid. */
function warn(file: string, lines: readonly string[]): void {
  for (const line of lines) process.stderr.write(`warning: ${file}: ${line}\n`);
}

import type { Clock } from '../clock/Clock.ts';
import { configuredVenueClient } from '../kernel/edges/configuredVenueClient.ts';
import { SIM_COLLATERAL } from '../kernel/edges/simAccount.ts';
import type { Segment } from '../kernel/record/readRecording.ts';
import { decodeValue, encodeValue } from '../kernel/record/recordCodec.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';
import { createSimulator } from '../simulator/createSimulator.ts';
import type { EngineSnapshot } from '../simulator/engine/SimEngine.ts';
import { manualPrices } from '../simulator/prices/PriceSource.ts';
import { bootstrapAccount } from '../simulator/testing/bootstrapAccount.ts';
import { IN_PROCESS_BASE_URL } from '../venue/http/baseUrl.ts';
import type { Balance } from '../venue/VenuePort.ts';
import { SimulatorAnswers } from './SimulatorAnswers.ts';
import { firstMarks, simulatorMarkets } from './simulatorMarkets.ts';

/** As much collateral as the recorded account first had, so new requests meet the same margin checks. */
function recordedCollateral(lines: readonly RecordLine[]): number {
  const read = lines.find((l) => l.k === 'c' && l.op === 'balance' && l.r !== undefined);
  if (read?.k !== 'c') return SIM_COLLATERAL;
  const allocated = decodeValue<Balance>(encodeValue(read.r)).allocated.toNumber();
  return allocated > 0 ? allocated : SIM_COLLATERAL;
}

/**
 * The venue simulator that answers a replay's new requests (`--strategies`): the recorded
 * config's simulator settings (seed, fill latency, limit TTL), the recorded catalog, marks moved
 * only by the recorded price polls (SimulatorAnswers.marks), a subaccount set up and funded as
 * an operator's would be, and the real venue client over the in-process transport. A later
 * process of the session finds what the earlier one left at the simulator, as at the venue,
 * except that a request still in flight when that process died ends EXPIRED (a restarted
 * simulator's rule), where the venue would have gone on to fill it.
 */
export async function replaySimulator(
  seg: Segment,
  clock: Clock,
  /** What the simulator held when the previous process of the session ended (SimulatorAnswers.state). */
  held?: EngineSnapshot,
): Promise<SimulatorAnswers> {
  const cfg = seg.header.cfg;
  const sim = createSimulator({
    clock,
    seed: cfg.simulator.seed,
    fillLatencyMs: cfg.simulator.fillLatencyMs,
    limitTtlMs: cfg.simulator.limitTtlMs,
    chainId: cfg.venue.chainId,
    markets: simulatorMarkets(seg.lines),
    prices: manualPrices(firstMarks(seg.lines)),
  });
  const acc = await bootstrapAccount(sim.fetch, {
    baseUrl: IN_PROCESS_BASE_URL,
    chainId: cfg.venue.chainId,
    collateral: recordedCollateral(seg.lines),
    keyName: 'perpflow-replay',
  });
  // The same subaccount as before (its address is the wallet's first): its positions go on.
  if (held !== undefined) sim.engine.restore(held);
  const venue = configuredVenueClient(cfg, {
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey: acc.apiKey,
    subaccount: acc.subaccount,
    clock,
    fetch: sim.fetch,
  });
  return new SimulatorAnswers(venue, sim.engine, () => clock.now());
}

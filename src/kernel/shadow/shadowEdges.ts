import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import type { MarketSymbol } from '../../domain/ids.ts';
import type { IntentIdScheme } from '../../domain/intentId.ts';
import { INTENT_ID_SCHEME } from '../../journal/intentIdSchemeOf.ts';
import type { JournalPort } from '../../journal/JournalPort.ts';
import type { Logger } from '../../log/Logger.ts';
import type { MarketFeed } from '../../market/MarketFeed.ts';
import { manualPrices } from '../../simulator/prices/PriceSource.ts';
import { dryRunEdges } from '../edges/dryRunEdges.ts';
import type { VenueEdges } from '../edges/VenueEdges.ts';
import { shadowFeed } from './shadowFeed.ts';
import { SHADOW_SINCE, shadowSinceKey } from './shadowSince.ts';

export { SHADOW_SINCE } from './shadowSince.ts';

/**
 * A shadow's edges: a dry run's (the simulator engine in process, its paper account beside the
 * shadow journal) whose engine walks no prices of its own but takes live's marks (shadowFeed.ts).
 * Its journal takes live's intent id scheme when new: the same signal must make the same id on
 * both sides, or nothing pairs.
 */
export async function shadowEdges(
  config: PerpflowConfig,
  o: {
    readonly clock: Clock;
    readonly log: Logger;
    readonly live: MarketFeed;
    readonly markets: readonly MarketSymbol[];
    readonly intentIdScheme: IntentIdScheme;
  },
): Promise<VenueEdges> {
  const edges = await dryRunEdges(config, { clock: o.clock, log: o.log, prices: manualPrices() });
  const engine = edges.simulator?.engine;
  if (engine === undefined) throw new Error('a dry run without its simulator');
  const { feed, mirror } = shadowFeed(o.live, engine, o.markets);
  const attach = (journal: JournalPort): void => {
    if (journal.getMeta(INTENT_ID_SCHEME) === undefined) journal.setMeta(INTENT_ID_SCHEME, o.intentIdScheme);
    else if (journal.getMeta(INTENT_ID_SCHEME) !== o.intentIdScheme)
      o.log.warn(
        `shadow journal ${journal.path} derives intent ids by ${journal.getMeta(INTENT_ID_SCHEME)}, live by ${o.intentIdScheme}: no intent will pair; move it aside to start the shadow over`,
      );
    const now = String(o.clock.now());
    if (journal.getMeta(SHADOW_SINCE) === undefined) journal.setMeta(SHADOW_SINCE, now);
    // Each strategy's own start: one added to `shadow:` at a restart is compared from this one.
    for (const { id } of config.strategies)
      if (journal.getMeta(shadowSinceKey(id)) === undefined) journal.setMeta(shadowSinceKey(id), now);
    edges.attach?.(journal);
  };
  return {
    ...edges,
    market: feed,
    describe: `shadow: ${edges.describe}, on live's prices`,
    attach,
    close: async () => {
      mirror.unsubscribe();
      await edges.close();
    },
  };
}

import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import type { Logger } from '../../log/Logger.ts';
import { preflight } from '../preflight.ts';
import { dryRunEdges } from './dryRunEdges.ts';
import { liveEdges } from './liveEdges.ts';
import { simEdges } from './simEdges.ts';
import type { VenueEdges } from './VenueEdges.ts';

/** The edges of a mode: the only place that switches on it. */
export async function edgesFor(
  config: PerpflowConfig,
  o: { readonly clock: Clock; readonly log: Logger },
): Promise<VenueEdges> {
  switch (config.mode) {
    case 'dry-run':
      return dryRunEdges(config, o);
    case 'sim':
      return simEdges(config, o);
    case 'live': {
      const edges = liveEdges(config, o);
      await preflight(edges.venue);
      return edges;
    }
    case 'backtest':
      throw new ConfigError(
        'mode backtest runs with `perpflow backtest CONFIG --data SYMBOL=FILE`, not `run`',
      );
  }
}

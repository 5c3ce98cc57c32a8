import type { Observable } from 'rxjs';
import { shareReplay } from 'rxjs/operators';
import type { Clock } from '../clock/Clock.ts';
import type { MarketSpec } from '../domain/market.ts';
import type { FundingInfo, VenuePort } from '../venue/VenuePort.ts';
import { pollEvery } from './pollEvery.ts';
import { DEFAULT_RETRY, type RetryOptions } from './retryDelay.ts';

export interface SlowRefreshOptions {
  readonly venue: Pick<VenuePort, 'fundingInfo' | 'markets'>;
  readonly clock: Clock;
  /** Funding rates move every few hours: default every 5 minutes. */
  readonly fundingEveryMs?: number;
  /** The catalog (markets, precision, limits) changes rarely: default every hour. */
  readonly catalogEveryMs?: number;
  readonly retry?: RetryOptions;
  readonly onError?: (what: 'funding' | 'catalog', error: unknown) => void;
}

export interface SlowRefresh {
  /** The latest funding info of every market; replays the last answer to late subscribers. */
  readonly funding$: Observable<readonly FundingInfo[]>;
  readonly catalog$: Observable<readonly MarketSpec[]>;
}

/** Funding info and the market catalog, each on its own slower schedule than prices. */
export function slowRefresh(o: SlowRefreshOptions): SlowRefresh {
  const common = { scheduler: o.clock.scheduler, retry: o.retry ?? DEFAULT_RETRY };
  const onError = o.onError ?? (() => {});
  return {
    funding$: pollEvery({
      ...common,
      everyMs: o.fundingEveryMs ?? 300_000,
      read: () => o.venue.fundingInfo(),
      onError: (e) => onError('funding', e),
    }).pipe(shareReplay({ bufferSize: 1, refCount: true })),
    catalog$: pollEvery({
      ...common,
      everyMs: o.catalogEveryMs ?? 3_600_000,
      read: () => o.venue.markets(),
      onError: (e) => onError('catalog', e),
    }).pipe(shareReplay({ bufferSize: 1, refCount: true })),
  };
}

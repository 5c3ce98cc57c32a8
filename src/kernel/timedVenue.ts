import { monotonicStopwatch } from '../clock/Stopwatch.ts';
import type { Metrics } from '../report/metrics/createMetrics.ts';
import type { VenuePort } from '../venue/VenuePort.ts';

/**
 * The venue with each call's round trip observed in `perpflow_venue_request_seconds` by
 * operation (the method's name: openPosition, requestStatus, positions …), successes and
 * failures alike. Status polls are also counted in `perpflow_status_polls_total`. Every method
 * is listed: a method added to VenuePort does not compile here until it is timed too.
 */
export function timedVenue(venue: VenuePort, m: Metrics): VenuePort {
  const timed =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (operation === 'requestStatus') m.polls.inc();
      const t0 = monotonicStopwatch.elapsedMs();
      try {
        return await call(...args);
      } finally {
        m.venueLatency.observe({ operation }, (monotonicStopwatch.elapsedMs() - t0) / 1000);
      }
    };
  return {
    subaccount: venue.subaccount,
    chainId: venue.chainId,
    // How the adapter tells outcomes is no venue call: it passes through untimed.
    ...(venue.watchRequests === undefined ? {} : { watchRequests: venue.watchRequests }),
    markets: timed('markets', venue.markets.bind(venue)),
    market: timed('market', venue.market.bind(venue)),
    markPrices: timed('markPrices', venue.markPrices.bind(venue)),
    positions: timed('positions', venue.positions.bind(venue)),
    balance: timed('balance', venue.balance.bind(venue)),
    fundingInfo: timed('fundingInfo', venue.fundingInfo.bind(venue)),
    listPermissions: timed('listPermissions', venue.listPermissions.bind(venue)),
    openPosition: timed('openPosition', venue.openPosition.bind(venue)),
    closePosition: timed('closePosition', venue.closePosition.bind(venue)),
    cancelOpen: timed('cancelOpen', venue.cancelOpen.bind(venue)),
    cancelClose: timed('cancelClose', venue.cancelClose.bind(venue)),
    setTpSl: timed('setTpSl', venue.setTpSl.bind(venue)),
    listTpSl: timed('listTpSl', venue.listTpSl.bind(venue)),
    batchOpen: timed('batchOpen', venue.batchOpen.bind(venue)),
    batchClose: timed('batchClose', venue.batchClose.bind(venue)),
    batchCancelOpen: timed('batchCancelOpen', venue.batchCancelOpen.bind(venue)),
    batchCancelClose: timed('batchCancelClose', venue.batchCancelClose.bind(venue)),
    closeAll: timed('closeAll', venue.closeAll.bind(venue)),
    requestStatus: timed('requestStatus', venue.requestStatus.bind(venue)),
  };
}

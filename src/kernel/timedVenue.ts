import { monotonicStopwatch } from '../clock/Stopwatch.ts';
import type { Metrics } from '../report/metrics/createMetrics.ts';
import { submitOperation } from '../venue/submitVia.ts';
import type { SubmitGroup, VenuePort } from '../venue/VenuePort.ts';

/**
 * The venue with each call's round trip observed in `perpflow_venue_request_seconds` by
 * operation (the method's name: requestStatus, positions …; a submitted group by the endpoint it
 * goes to: openPosition, batchClose …), successes and failures alike. Status polls are also
 * counted in `perpflow_status_polls_total`. Every method is listed: a method added to VenuePort
 * does not compile here until it is timed too.
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
    // How the adapter learns outcomes is no venue call: it passes through untimed (a poller reads
    // through the port the core hands it, this one, so its polls are timed and counted).
    watchRequests: venue.watchRequests,
    markets: timed('markets', venue.markets.bind(venue)),
    market: timed('market', venue.market.bind(venue)),
    markPrices: timed('markPrices', venue.markPrices.bind(venue)),
    positions: timed('positions', venue.positions.bind(venue)),
    balance: timed('balance', venue.balance.bind(venue)),
    fundingInfo: timed('fundingInfo', venue.fundingInfo.bind(venue)),
    listPermissions: timed('listPermissions', venue.listPermissions.bind(venue)),
    submit: (group: SubmitGroup) => timed(submitOperation(group), venue.submit.bind(venue))(group),
    setTpSl: timed('setTpSl', venue.setTpSl.bind(venue)),
    listTpSl: timed('listTpSl', venue.listTpSl.bind(venue)),
    closeAll: timed('closeAll', venue.closeAll.bind(venue)),
    requestStatus: timed('requestStatus', venue.requestStatus.bind(venue)),
  };
}

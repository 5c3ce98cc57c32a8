import { monotonicStopwatch } from '../clock/Stopwatch.ts';
import type { Metrics } from '../report/metrics/createMetrics.ts';
import { submitOperation } from '../venue/submitVia.ts';
import type { SubmitGroup, VenuePort } from '../venue/VenuePort.ts';

type Method = (...args: unknown[]) => unknown;

/**
 * The venue with each call's round trip observed in `perpflow_venue_request_seconds` by
 * operation (the endpoint's method name: openPosition, batchClose, requestStatus, positions …), successes and
 * failures alike. Status polls are also counted in `perpflow_status_polls_total`.
 */
export function timedVenue(venue: VenuePort, m: Metrics): VenuePort {
  // How the adapter learns outcomes is no venue call: it passes through untimed (a poller reads
  // through the port the core hands it, this one, so its polls are timed and counted).
  const timed: Record<string, unknown> = {
    subaccount: venue.subaccount,
    chainId: venue.chainId,
    watchRequests: venue.watchRequests,
  };
  const source = venue as unknown as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const fn = source[key];
    if (typeof fn !== 'function' || key === 'watchRequests') continue;
    timed[key] = async (...args: unknown[]) => {
      if (key === 'requestStatus') m.polls.inc();
      // A group is labelled by the endpoint it goes to (openPosition, batchClose …), as before the
      // port had one submit.
      const operation = key === 'submit' ? submitOperation(args[0] as SubmitGroup) : key;
      const t0 = monotonicStopwatch.elapsedMs();
      try {
        return await (fn as Method).apply(venue, args);
      } finally {
        m.venueLatency.observe({ operation }, (monotonicStopwatch.elapsedMs() - t0) / 1000);
      }
    };
  }
  return timed as unknown as VenuePort;
}

import type { WatchRequests } from '../VenueReport.ts';
import { StatusPoller } from './StatusPoller.ts';

/** The RFQ adapter's watch: its status poller, reading through the port the core holds. */
export const rfqWatch: WatchRequests = (host, { poll, clock, venue }) =>
  new StatusPoller(venue, clock, poll, host);

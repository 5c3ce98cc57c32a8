import type { Clock } from '../clock/Clock.ts';
import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { AuthError, PermissionError } from '../errors/venueErrors.ts';
import type { PollOptions } from './rfq/pollDelay.ts';
import type { RequestStatusReport, VenuePort } from './VenuePort.ts';

/**
 * What a venue adapter tells the core about the requests it sent, pushed as the adapter learns
 * it: the RFQ HTTP adapter by polling the status endpoints, the in-process adapter the moment the
 * simulator engine decides. The core applies every report through its transition table
 * (`ExecutionCore.onVenueReport`) and never polls anything itself.
 */
export type VenueReport =
  /** The venue's word on a request; `terminal` when it will not change again. */
  | {
      readonly type: 'status';
      readonly request: RequestRecord;
      readonly status: RequestStatusReport;
      readonly terminal: boolean;
    }
  /** The adapter cannot learn the outcome (not found past the grace, past the deadline): unknown. */
  | { readonly type: 'lost'; readonly request: RequestRecord; readonly why: string }
  | { readonly type: 'authFailed'; readonly error: AuthError }
  | { readonly type: 'permissionDenied'; readonly error: PermissionError }
  /** The venue's status reads have been failing this long. */
  | { readonly type: 'outage'; readonly ms: number }
  | { readonly type: 'rateLimited'; readonly retryAfterMs: number };

/** What an adapter's watch needs from the core. */
export interface WatchHost {
  alive(): boolean;
  /** The request as journaled now; undefined once it is terminal (settled elsewhere). */
  current(id: ClientRequestId): RequestRecord | undefined;
  report(r: VenueReport): void;
  /** Crash point for tests: a status answer arrived and is not applied yet. */
  midPoll(): void;
}

/** How an adapter learns what became of the requests the venue accepted. */
export interface RequestWatch {
  watch(r: RequestRecord): void;
  unwatch(id: ClientRequestId): void;
  stopAll(): void;
  readonly size: number;
  /** Status reads sent to the venue: 0 for an adapter that is told rather than asking. */
  readonly polls: number;
}

/** What the core hands an adapter's watch: its poll settings, its clock, and the port to read through. */
export interface WatchContext {
  readonly poll: PollOptions;
  readonly clock: Clock;
  /** The venue as the core holds it (metrics may wrap it): an adapter that polls reads through this. */
  readonly venue: Pick<VenuePort, 'requestStatus'>;
}

/**
 * How an adapter learns outcomes and pushes them to the core: the RFQ HTTP adapter polls the
 * status endpoints (`rfqWatch`), the in-process one is told by the engine. Every adapter has one:
 * the core constructs no poller of its own.
 */
export type WatchRequests = (host: WatchHost, context: WatchContext) => RequestWatch;

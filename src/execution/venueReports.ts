import type { Clock } from '../clock/Clock.ts';
import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import { isTerminal } from '../domain/requestStatus.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { describeError } from '../log/redact.ts';
import type { RiskGate } from '../risk/RiskGate.ts';
import type { PollOptions } from '../venue/rfq/pollDelay.ts';
import type { RequestStatusReport, VenuePort } from '../venue/VenuePort.ts';
import type { RequestWatch, VenueReport, WatchHost } from '../venue/VenueReport.ts';
import type { CrashPoint } from './crash.ts';
import type { AlertSeverity } from './events.ts';

/** What applying a venue report needs from the executor. */
export interface ReportHost {
  readonly venue: VenuePort;
  readonly journal: JournalPort;
  readonly gate: RiskGate;
  alive(): boolean;
  crashAt(point: CrashPoint): void;
  applyReport(r: RequestRecord, rep: RequestStatusReport, terminal: boolean): void;
  markUnknown(records: readonly RequestRecord[], why: string): void;
  alert(severity: AlertSeverity, code: string, message: string): void;
}

/**
 * The one entry for what a venue adapter learned: every report goes through the transition
 * table (a status), or settles by reconciliation (lost), or halts what it must (401, 403).
 */
export function applyVenueReport(h: ReportHost, r: VenueReport): void {
  switch (r.type) {
    case 'status':
      h.applyReport(r.request, r.status, r.terminal);
      return;
    case 'lost':
      h.markUnknown([r.request], r.why);
      return;
    case 'authFailed':
      h.gate.authFailure(describeError(r.error));
      return;
    case 'permissionDenied':
      h.gate.haltCapability('read', describeError(r.error));
      return;
    case 'outage':
      h.alert('warning', 'STATUS_OUTAGE', `status polls failing for ${Math.round(r.ms / 1000)} s`);
      return;
    case 'rateLimited':
      h.alert('warning', 'RATE_LIMITED', `status polls got 429: paused ${r.retryAfterMs} ms`);
      return;
  }
}

/** The venue adapter's watch over accepted requests, reporting into `h`: the core polls nothing itself. */
export function watchFor(h: ReportHost, poll: PollOptions, clock: Clock): RequestWatch {
  const host: WatchHost = {
    alive: () => h.alive(),
    current: (id: ClientRequestId) => {
      const r = h.journal.get(id);
      return r === undefined || isTerminal(r.status) ? undefined : r;
    },
    report: (r) => applyVenueReport(h, r),
    midPoll: () => h.crashAt('midPoll'),
  };
  return h.venue.watchRequests(host, { poll, clock, venue: h.venue });
}

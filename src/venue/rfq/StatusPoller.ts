import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import type { ClientRequestId } from '../../domain/ids.ts';
import type { RequestRecord } from '../../domain/request.ts';
import { isLimitOrder } from '../../domain/requestOrder.ts';
import { isTerminalVenueStatus } from '../../domain/venueStatus.ts';
import { JournalError } from '../../errors/JournalError.ts';
import { AuthError, PermissionError, TransientVenueError } from '../../errors/venueErrors.ts';
import type { RequestStatusReport, VenuePort } from '../VenuePort.ts';
import type { RequestWatch, WatchHost } from '../VenueReport.ts';
import { type PollOptions, pollDelay } from './pollDelay.ts';

interface Tracked {
  attempt: number;
  notFound: number;
  probed: boolean;
  timer: TimerHandle | undefined;
}

/**
 * The RFQ adapter's way of learning outcomes: polls each accepted request's own status endpoint
 * with backoff until the venue reports a terminal state, and turns every answer into a report.
 * 404 inside the grace window is "not indexed yet"; network errors, 5xx and 429 never count as
 * not found; a Retry-After pauses every poll (one limiter, no storm); past the deadline, or not
 * found past the grace, the request is reported lost, and the core settles it from positions.
 */
export class StatusPoller implements RequestWatch {
  private readonly tracked = new Map<ClientRequestId, Tracked>();
  private readonly venue: Pick<VenuePort, 'requestStatus'>;
  private readonly clock: Clock;
  private readonly o: PollOptions;
  private readonly host: WatchHost;
  private pausedUntil = 0;
  private outageSince: number | undefined;
  private outageAlerted = false;
  /** Status polls sent, for benchmarks and tests. */
  polls = 0;

  constructor(venue: Pick<VenuePort, 'requestStatus'>, clock: Clock, o: PollOptions, host: WatchHost) {
    this.venue = venue;
    this.clock = clock;
    this.o = o;
    this.host = host;
  }

  watch(r: RequestRecord): void {
    if (r.tempId === undefined || this.tracked.has(r.clientRequestId)) return;
    const t: Tracked = { attempt: 0, notFound: 0, probed: false, timer: undefined };
    this.tracked.set(r.clientRequestId, t);
    this.schedule(r.clientRequestId, t, pollDelay(0, this.o));
  }

  unwatch(id: ClientRequestId): void {
    const t = this.tracked.get(id);
    if (t?.timer !== undefined) this.clock.clearTimeout(t.timer);
    this.tracked.delete(id);
  }

  get size(): number {
    return this.tracked.size;
  }

  stopAll(): void {
    for (const id of [...this.tracked.keys()]) this.unwatch(id);
  }

  private lost(request: RequestRecord, why: string): void {
    this.host.report({ type: 'lost', request, why });
  }

  private schedule(id: ClientRequestId, t: Tracked, ms: number): void {
    const wait = Math.max(ms, this.pausedUntil - this.clock.now());
    t.timer = this.clock.setTimeout(() => {
      t.timer = undefined;
      this.poll(id, t).catch((e: unknown) => {
        // A write the journal refused while booking the answer: it has failed closed (halt,
        // alert) already. Left unhandled, the rejection would end the process.
        if (!(e instanceof JournalError)) throw e;
      });
    }, wait);
  }

  private async poll(id: ClientRequestId, t: Tracked): Promise<void> {
    if (!this.host.alive() || this.tracked.get(id) !== t) return;
    const r = this.host.current(id);
    // A TP/SL set has no status poll (its answer is its effect): nothing to track.
    if (r === undefined || r.tempId === undefined || r.kind === 'setTpSl') {
      this.tracked.delete(id);
      return;
    }
    if (this.clock.now() < this.pausedUntil) {
      this.schedule(id, t, 0);
      return;
    }
    this.polls++;
    let report: RequestStatusReport | null;
    try {
      report = await this.venue.requestStatus(r.kind, r.tempId);
    } catch (e) {
      if (!this.host.alive() || this.tracked.get(id) !== t) return;
      this.onError(id, t, e);
      return;
    }
    try {
      this.host.midPoll();
    } catch {
      return; // the process "died" with the answer in hand
    }
    if (!this.host.alive() || this.tracked.get(id) !== t) return;
    this.outageSince = undefined;
    this.outageAlerted = false;
    const now = this.clock.now();
    const fresh = this.host.current(id) ?? r;
    const since = fresh.submittedAt ?? fresh.createdAt;
    if (report === null) {
      if (now - since >= this.o.notFoundGraceMs) t.notFound++;
      if (t.notFound >= this.o.notFoundLimit) {
        if (!t.probed) {
          // One targeted re-query before giving up on the status endpoint (reliability.md A5).
          t.probed = true;
          this.schedule(id, t, 0);
          return;
        }
        this.tracked.delete(id);
        this.lost(fresh, `status endpoint answered 404 ${t.notFound} times after the grace window`);
        return;
      }
    } else {
      const terminal = isTerminalVenueStatus(r.kind, report.status);
      this.host.report({ type: 'status', request: fresh, status: report, terminal });
      if (terminal) {
        this.tracked.delete(id);
        return;
      }
    }
    // A LIMIT rests until its price is reached: only MARKET requests have a settle deadline.
    if (!isLimitOrder(fresh.order) && now - since >= this.o.deadlineMs) {
      this.tracked.delete(id);
      this.lost(fresh, `no terminal status within the ${this.o.deadlineMs} ms deadline`);
      return;
    }
    t.attempt++;
    this.schedule(id, t, pollDelay(t.attempt, this.o));
  }

  private onError(id: ClientRequestId, t: Tracked, e: unknown): void {
    if (e instanceof AuthError) {
      this.tracked.delete(id);
      this.host.report({ type: 'authFailed', error: e });
      return;
    }
    if (e instanceof PermissionError) {
      this.tracked.delete(id);
      this.host.report({ type: 'permissionDenied', error: e });
      return;
    }
    const now = this.clock.now();
    if (e instanceof TransientVenueError && e.retryAfterMs !== undefined) {
      // Every 429 is a limiter defect worth seeing; one pause for all polls, not a storm.
      if (now >= this.pausedUntil) this.host.report({ type: 'rateLimited', retryAfterMs: e.retryAfterMs });
      this.pausedUntil = Math.max(this.pausedUntil, now + e.retryAfterMs);
    }
    const r = this.host.current(id);
    if (
      r !== undefined &&
      !isLimitOrder(r.order) &&
      now - (r.submittedAt ?? r.createdAt) >= this.o.deadlineMs
    ) {
      // Past its deadline with the venue unreachable: unknown, so its market is blocked (scenario 5).
      this.tracked.delete(id);
      this.lost(r, `status unreadable past the ${this.o.deadlineMs} ms deadline`);
      return;
    }
    this.outageSince ??= now;
    if (!this.outageAlerted && now - this.outageSince >= 60_000) {
      this.outageAlerted = true;
      this.host.report({ type: 'outage', ms: now - this.outageSince });
    }
    // An error is not an answer: it never counts as not found (HB #8457). Back off and retry.
    t.attempt++;
    this.schedule(id, t, pollDelay(t.attempt, this.o));
  }
}

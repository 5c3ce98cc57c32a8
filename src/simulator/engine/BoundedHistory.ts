import { isTerminalVenueStatus } from '../../domain/venueStatus.ts';
import type { SimMarket } from '../markets.ts';
import { ForgottenRecordError } from './ForgottenRecordError.ts';
import { type QuoteOutcome, QuoteOutcomes } from './QuoteOutcomes.ts';
import { RecentEnds } from './RecentEnds.ts';
import type { SeqTable } from './SeqTable.ts';
import { isQuoteEnd } from './simStatus.ts';
import type { Quote, Request } from './state.ts';

/**
 * A bounded history (EngineOptions.history): the engine keeps every live request and position,
 * and of the ended ones only the last `size` requests and the last `size` positions, whole. An
 * older one is forgotten: its table slot says so (a lookup throws ForgottenRecordError) and a
 * position leaves only its outcome in numbers. For a backtest, where no client can ask the
 * status endpoint about an old tempId and a round trip otherwise stayed in memory for good.
 *
 * A request is over when it has ended and its position no longer needs it: a close or a cancel
 * when it ends, an open when its position ends too (until then quote(tempId) finds the position
 * through it). A position is over when it ends; one that never filled has no quoteId and goes
 * with its open request.
 */
export class BoundedHistory {
  readonly size: number;
  /** Lookups of forgotten ids so far: a caller may swallow the error, the count stays. */
  asked = 0;
  /** The first few ids asked about, for the message. */
  readonly askedIds: string[] = [];
  private readonly requests: SeqTable<Request>;
  private readonly quotes: SeqTable<Quote>;
  private readonly outcomes: QuoteOutcomes;
  private readonly endedRequests: RecentEnds<Request>;
  private readonly endedQuotes: RecentEnds<Quote>;

  constructor(
    size: number,
    tables: { readonly requests: SeqTable<Request>; readonly quotes: SeqTable<Quote> },
    markets: readonly SimMarket[],
  ) {
    this.size = size;
    this.requests = tables.requests;
    this.quotes = tables.quotes;
    this.outcomes = new QuoteOutcomes(markets);
    this.endedRequests = new RecentEnds(size, (r) => this.requests.forget(r.tempId));
    this.endedQuotes = new RecentEnds(size, (q) => this.forgetQuote(q));
  }

  /** `r` just ended. */
  requestEnded(r: Request): void {
    if (r.kind !== 'open' || isQuoteEnd(r.quote.status)) this.endedRequests.add(r);
  }

  /** `q` just moved; from an end on, it and its ended open are on their way out. */
  quoteMoved(q: Quote): void {
    if (!isQuoteEnd(q.status)) return;
    if (q.quoteId !== null) this.endedQuotes.add(q);
    const open = q.openRequest;
    // An open still running ends right after (failed, cancelled, expired): requestEnded takes it then.
    if (open !== null && isTerminalVenueStatus('open', open.status)) this.endedRequests.add(open);
  }

  /** Throws when `id` names a request or position this history forgot (a tempId or a quoteId). */
  checkKnown(id: string): void {
    if (!(this.requests.forgotten(id) || this.quotes.forgotten(id))) return;
    this.asked++;
    if (this.askedIds.length < 5) this.askedIds.push(id);
    throw new ForgottenRecordError(id, this.size);
  }

  /** The outcome of a forgotten position, by quoteId. */
  outcome(quoteId: string): QuoteOutcome | undefined {
    const n = this.quotes.numberOf(quoteId);
    return n === undefined ? undefined : this.outcomes.get(n);
  }

  /** Only a quote with a quoteId is enrolled (quoteMoved). */
  private forgetQuote(q: Quote): void {
    const id = q.quoteId ?? '';
    this.outcomes.keep(this.quotes.numberOf(id) ?? 0, q);
    this.quotes.forget(id);
  }
}

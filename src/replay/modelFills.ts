import { BatchId, QuoteId, TempId } from '../domain/ids.ts';
import { Decimal } from '../domain/money.ts';
import type { RequestKind } from '../domain/venueStatus.ts';
import type { BatchAck, RequestStatusReport, SubmitAck, SubmitGroup } from '../venue/VenuePort.ts';

/**
 * What answers a request the recorded venue never saw (a changed strategy's new intent): it is
 * accepted and filled at once at the last recorded mark of its market, a model fill, not the
 * venue's. Cancels end CANCELED. Every such answer is said in the replay's output.
 */
export class ModelFills {
  private n = 0;
  private readonly ends = new Map<string, RequestStatusReport>();

  private readonly markOf: (symbol: string) => number | undefined;
  private readonly now: () => number;

  constructor(markOf: (symbol: string) => number | undefined, now: () => number) {
    this.markOf = markOf;
    this.now = now;
  }

  owns(id: string): boolean {
    return this.ends.has(id);
  }

  submit(group: SubmitGroup): SubmitAck | BatchAck {
    const ids = group.items.map((item) => this.accept(group.kind, item));
    if (ids.length === 1 && ids[0] !== undefined) return { tempId: ids[0] };
    return {
      batchId: BatchId(`model-batch-${this.n}`),
      results: ids.map((tempId, index) => ({ index, ok: true, tempId })),
    };
  }

  private accept(kind: SubmitGroup['kind'], item: SubmitGroup['items'][number]): TempId {
    const tempId = TempId(`model-${++this.n}`);
    const order = typeof item === 'object' ? item : undefined;
    const symbol = order?.symbol ?? '';
    const quantity = order?.quantity ?? new Decimal(0);
    const mark = this.markOf(symbol);
    const cancel = kind === 'cancelOpen' || kind === 'cancelClose';
    this.ends.set(tempId, {
      tempId,
      quoteId: kind === 'open' ? QuoteId(`model-q-${this.n}`) : null,
      status: cancel ? 'CANCELED' : kind === 'open' ? 'OPENED' : 'CLOSED',
      filledQuantity: cancel ? new Decimal(0) : quantity,
      avgPrice: cancel || mark === undefined ? null : new Decimal(mark),
      updatedAt: this.now(),
    });
    return tempId;
  }

  status(_kind: RequestKind, id: string): RequestStatusReport | null {
    return this.ends.get(id) ?? null;
  }
}

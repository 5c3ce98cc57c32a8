import type { QuoteId, TempId } from '../domain/ids.ts';
import { dec, ZERO } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestKind } from '../domain/venueStatus.ts';
import type { BatchAck, CloseOrder, OpenOrder, SubmitAck, VenuePort } from '../venue/VenuePort.ts';

/** One flushed group as exactly one venue call: the single endpoint for one item, the batch one otherwise. */
export function sendRequests(
  venue: VenuePort,
  kind: RequestKind,
  rs: readonly RequestRecord[],
): Promise<SubmitAck | BatchAck> {
  const one = rs.length === 1 ? (rs[0] as RequestRecord) : undefined;
  switch (kind) {
    case 'open': {
      const orders = rs.map((r) => openOrder(r));
      return one ? venue.openPosition(orders[0] as OpenOrder) : venue.batchOpen(orders);
    }
    case 'close': {
      const orders = rs.map((r) => closeOrder(r));
      return one ? venue.closePosition(orders[0] as CloseOrder) : venue.batchClose(orders);
    }
    case 'cancelOpen': {
      const ids = rs.map((r) => r.params.positionId as TempId);
      return one ? venue.cancelOpen(ids[0] as TempId) : venue.batchCancelOpen(ids);
    }
    case 'cancelClose': {
      const ids = rs.map((r) => r.params.positionId as TempId);
      return one ? venue.cancelClose(ids[0] as TempId) : venue.batchCancelClose(ids);
    }
  }
}

function openOrder(r: RequestRecord): OpenOrder {
  const p = r.params as Record<string, string | number | undefined>;
  return {
    symbol: r.symbol,
    side: r.side ?? 'LONG',
    quantity: r.quantity ?? ZERO,
    leverage: Number(p.leverage),
    orderType: p.orderType === 'LIMIT' ? 'LIMIT' : 'MARKET',
    ...(p.slippage === undefined ? {} : { slippage: dec(p.slippage) }),
    ...(p.limitPrice === undefined ? {} : { limitPrice: dec(p.limitPrice) }),
  };
}

function closeOrder(r: RequestRecord): CloseOrder {
  const p = r.params as Record<string, string | undefined>;
  return {
    quoteId: r.quoteId as QuoteId,
    quantity: r.quantity ?? ZERO,
    orderType: p.orderType === 'LIMIT' ? 'LIMIT' : 'MARKET',
    ...(p.slippage === undefined ? {} : { slippage: dec(p.slippage) }),
    ...(p.closePrice === undefined ? {} : { closePrice: dec(p.closePrice) }),
  };
}

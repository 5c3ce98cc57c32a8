import { dec } from '../../domain/money.ts';
import type { OrderType } from '../../domain/side.ts';
import type { EngineCore } from './EngineCore.ts';
import { newRequest } from './records.ts';
import type { Quote, Request } from './state.ts';
import { validateClose } from './validateOrder.ts';

/** The venue's default slippage when a MARKET order names none. */
export const DEFAULT_SLIPPAGE = dec('0.05');

export interface CloseParams {
  readonly quantityToClose: number;
  readonly orderType: OrderType;
  readonly slippage?: number | undefined;
  readonly closePrice?: number | undefined;
}

/**
 * Validates and records a close and moves its position to CLOSE_PENDING, out of the TP/SL watch.
 * The caller schedules the fill (MARKET) or rests it (LIMIT); a TP/SL trigger uses it too.
 */
export function beginClose(h: EngineCore, quote: Quote, p: CloseParams): Request {
  validateClose(quote, p, h.clock.now(), h.numbers);
  const now = h.clock.now();
  const req = h.track(
    newRequest({
      tempId: h.nextTempId(),
      kind: 'close',
      quote,
      quantity: h.numbers.of(p.quantityToClose),
      orderType: p.orderType,
      price: p.closePrice !== undefined ? h.numbers.of(p.closePrice) : null,
      slippage: p.slippage !== undefined ? h.numbers.of(p.slippage) : DEFAULT_SLIPPAGE,
      refPrice: h.markOf(quote.market.spec.symbol),
      now,
    }),
  );
  quote.closeRequest = req;
  h.setQuoteStatus(quote, 'CLOSE_PENDING');
  // Dropped from the TP/SL watch: the quiet band may stay narrower (see SymbolWatch).
  h.watchOf(quote).tpsl.delete(quote);
  return req;
}

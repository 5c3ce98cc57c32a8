import { itemAt } from '../../src/domain/itemAt.ts';
import type { TradeRecord } from '../metrics/TradeRecord.ts';
import { type ByteFile, putBytes } from './ByteFile.ts';
import { ISO_TIME_BYTES, isoTimes } from './isoTimes.ts';
import { JSON_NUMBER_BYTES, writeJsonNumber } from './jsonNumber.ts';

/** A trade as the JSON document has it: times in ISO 8601 UTC. */
export const tradeJson = (t: TradeRecord) => ({
  strategy: t.strategy,
  market: t.market,
  side: t.side,
  quantity: t.quantity,
  entryTime: new Date(t.entryTime).toISOString(),
  exitTime: new Date(t.exitTime).toISOString(),
  entryPrice: t.entryPrice,
  exitPrice: t.exitPrice,
  pnl: t.pnl,
  fees: t.fees,
  funding: t.funding,
});

const bytes = (s: string) => Buffer.from(s, 'latin1');
const FIRST = bytes('\n    ');
const NEXT = bytes(',\n    ');
const STRATEGY = bytes('{"strategy":');
const MARKET = bytes(',"market":');
const SIDE = bytes(',"side":');
const QUANTITY = bytes(',"quantity":');
const ENTRY_TIME = bytes(',"entryTime":"');
const EXIT_TIME = bytes('","exitTime":"');
const ENTRY_PRICE = bytes('","entryPrice":');
const EXIT_PRICE = bytes(',"exitPrice":');
const PNL = bytes(',"pnl":');
const FEES = bytes(',"fees":');
const FUNDING = bytes(',"funding":');
/** The most bytes a trade takes besides its three strings. */
const TRADE_BYTES =
  NEXT.length +
  [STRATEGY, MARKET, SIDE, QUANTITY, ENTRY_TIME, EXIT_TIME, ENTRY_PRICE, EXIT_PRICE, PNL, FEES, FUNDING]
    .map((b) => b.length)
    .reduce((a, b) => a + b) +
  2 * ISO_TIME_BYTES +
  6 * JSON_NUMBER_BYTES +
  1;

/** Whether the trade's fields have the types this writer spells (strings and numbers), as its type says. */
function plain(t: TradeRecord): boolean {
  return (
    typeof t.strategy === 'string' &&
    typeof t.market === 'string' &&
    typeof t.side === 'string' &&
    typeof t.quantity === 'number' &&
    typeof t.entryTime === 'number' &&
    typeof t.exitTime === 'number' &&
    typeof t.entryPrice === 'number' &&
    typeof t.exitPrice === 'number' &&
    typeof t.pnl === 'number' &&
    typeof t.fees === 'number' &&
    typeof t.funding === 'number'
  );
}

/**
 * The trades, one per line, each the text JSON.stringify(tradeJson(t)) gives, written into the
 * file's buffer field by field (tens of thousands of trades). Strategy, market and side repeat:
 * each name's JSON bytes are made once. A trade whose fields are not the plain strings and
 * numbers of its type (nothing the driver makes) is left to JSON.stringify.
 */
export function writeTradeItems(out: ByteFile, trades: readonly TradeRecord[]): void {
  const names = new Map<string, Buffer>();
  const name = (s: string) => {
    let b = names.get(s);
    if (b === undefined) {
      b = Buffer.from(JSON.stringify(s), 'utf8');
      names.set(s, b);
    }
    return b;
  };
  const entryTime = isoTimes();
  const exitTime = isoTimes();
  for (let i = 0; i < trades.length; i++) {
    const t = itemAt(trades, i);
    const strategy = plain(t) ? name(t.strategy) : undefined;
    const market = strategy === undefined ? undefined : name(t.market);
    const side = strategy === undefined ? undefined : name(t.side);
    const size = TRADE_BYTES + (strategy?.length ?? 0) + (market?.length ?? 0) + (side?.length ?? 0);
    if (strategy === undefined || market === undefined || side === undefined || size > out.buf.length) {
      out.text(`${i === 0 ? '\n    ' : ',\n    '}${JSON.stringify(tradeJson(t))}`);
      continue;
    }
    out.room(size);
    const buf = out.buf;
    let at = putBytes(buf, out.pos, i === 0 ? FIRST : NEXT);
    at = putBytes(buf, at, STRATEGY);
    at = putBytes(buf, at, strategy);
    at = putBytes(buf, at, MARKET);
    at = putBytes(buf, at, market);
    at = putBytes(buf, at, SIDE);
    at = putBytes(buf, at, side);
    at = putBytes(buf, at, QUANTITY);
    at = writeJsonNumber(buf, at, t.quantity);
    at = putBytes(buf, at, ENTRY_TIME);
    at = entryTime(buf, at, t.entryTime);
    at = putBytes(buf, at, EXIT_TIME);
    at = exitTime(buf, at, t.exitTime);
    at = putBytes(buf, at, ENTRY_PRICE);
    at = writeJsonNumber(buf, at, t.entryPrice);
    at = putBytes(buf, at, EXIT_PRICE);
    at = writeJsonNumber(buf, at, t.exitPrice);
    at = putBytes(buf, at, PNL);
    at = writeJsonNumber(buf, at, t.pnl);
    at = putBytes(buf, at, FEES);
    at = writeJsonNumber(buf, at, t.fees);
    at = putBytes(buf, at, FUNDING);
    at = writeJsonNumber(buf, at, t.funding);
    buf[at] = 0x7d;
    out.pos = at + 1;
  }
}

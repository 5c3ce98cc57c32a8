import { exactNumber } from '../domain/exactNumber.ts';
import type { Decimal } from '../domain/money.ts';
import { sideSign } from '../domain/side.ts';
import type { PositionLedger } from './PositionLedger.ts';

/** Within this share of the terms' size of the limit, the exact check decides (see below). */
const MARGIN = 1e-9;

/**
 * True when today's loss — realised and fees since `dayStart`, unrealised at the marks, the sum
 * the exact check makes — is so far inside `limit` that floats decide it, with no Decimal made.
 * Each float term is within a few 2^-53 of its exact value relative to the terms' sizes, and a
 * day's sum of n terms within n × 2^-53 of them: far below MARGIN for any n a run can reach. A
 * lot whose market has no mark adds nothing, as in the exact sum.
 */
export function dailyLossClear(ledger: PositionLedger, dayStart: number, limit: Decimal): boolean {
  const realised = ledger.realisedLog.approxSince(dayStart);
  const fees = ledger.feeLog.approxSince(dayStart);
  let pnl = realised.sum - fees.sum;
  let size = realised.abs + fees.abs;
  for (const l of ledger.openLots()) {
    const mark = ledger.marks.number(l.symbol);
    if (mark === undefined) continue;
    const qty = exactNumber(l.openQuantity);
    const avg = exactNumber(l.avgOpenPrice);
    const move = (mark - avg) * qty;
    pnl += sideSign(l.side) === 1 ? move : -move;
    size += (Math.abs(mark) + Math.abs(avg)) * Math.abs(qty);
  }
  const max = exactNumber(limit);
  return -pnl + MARGIN * (size + max) < max;
}

import type { Decimal } from '../domain/money.ts';
import type { Position } from '../domain/position.ts';

/** A position that carries exposure (an open that filled and is not fully closed). */
export function isLive(p: Position): boolean {
  return (
    p.quoteId !== null &&
    (p.status === 'OPENED' || p.status === 'CLOSE_PENDING' || p.status === 'CANCEL_CLOSE_PENDING')
  );
}

/** Market, side and size: what an open without a tempId is matched on (with a time window). */
export const fingerprint = (symbol: string, side: string | undefined, qty: Decimal | undefined): string =>
  `${symbol}|${side ?? ''}|${qty?.toString() ?? ''}`;

import { compact, type Decimal } from '../../domain/money.ts';
import { feeRate } from './accounting.ts';

/** What opening `quantity` at `price` costs: the margin locked, the opening fees, their sum. */
export interface OpenCost {
  readonly price: Decimal;
  readonly notional: Decimal;
  readonly margin: Decimal;
  readonly fees: Decimal;
  readonly need: Decimal;
}

/**
 * Compacted (see `compact`): an open waits for its fill across several young-generation
 * collections, and the scavenger copies each digit array whole, spare capacity included.
 */
export function openCost(quantity: Decimal, price: Decimal, leverage: number, solverFee: Decimal): OpenCost {
  const notional = quantity.times(price);
  const margin = notional.div(leverage);
  const fees = notional.times(feeRate(solverFee));
  return {
    price,
    notional: compact(notional),
    margin: compact(margin),
    fees: compact(fees),
    need: compact(margin.plus(fees)),
  };
}

import { feeOn } from '../../domain/feeOn.ts';
import { compact, type Decimal } from '../../domain/money.ts';
import { feeRate } from './accounting.ts';
import { approxNumber } from './approxNumber.ts';

/** What opening `quantity` at `price` costs: the notional, the margin it locks, the opening fees. */
export interface OpenCost {
  readonly price: Decimal;
  readonly notional: Decimal;
  readonly margin: Decimal;
  readonly fees: Decimal;
}

/**
 * The margin is compacted (see `compact`): a position keeps it for life. At leverage 1 it is the
 * notional's value: a product within the precision, which dividing by one gives back unrounded.
 */
export function openCost(quantity: Decimal, price: Decimal, leverage: number, solverFee: Decimal): OpenCost {
  const notional = quantity.times(price);
  return {
    price,
    notional,
    margin: compact(leverage === 1 ? notional : notional.div(leverage)),
    fees: feeOn(feeRate(solverFee), notional),
  };
}

/** Margin plus fees: what the open needs of the available margin. */
export function needOf(cost: OpenCost): Decimal {
  return cost.margin.plus(cost.fees);
}

/** `needOf(openCost(…))`: what an open at `price` needs, exactly. */
export function openNeed(quantity: Decimal, price: Decimal, leverage: number, solverFee: Decimal): Decimal {
  return needOf(openCost(quantity, price, leverage, solverFee));
}

const feeRatesN = new WeakMap<Decimal, number>();

/**
 * `needOf(openCost(…))` in floats, within a few parts in 10^16: what a submit reserves and checks
 * without building a Decimal. The exact sums are made at the fill, or when a balance is read.
 */
export function openNeedN(quantity: number, price: number, leverage: number, solverFee: Decimal): number {
  let rate = feeRatesN.get(solverFee);
  if (rate === undefined) {
    rate = approxNumber(feeRate(solverFee));
    feeRatesN.set(solverFee, rate);
  }
  const notional = quantity * price;
  return notional / leverage + notional * rate;
}

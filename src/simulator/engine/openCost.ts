import type { Decimal } from '../../domain/money.ts';
import { feeRate } from './accounting.ts';

/** What opening `quantity` at `price` costs: the margin locked, the opening fees, their sum. */
export interface OpenCost {
  readonly price: Decimal;
  readonly notional: Decimal;
  readonly margin: Decimal;
  readonly fees: Decimal;
  readonly need: Decimal;
}

export function openCost(quantity: Decimal, price: Decimal, leverage: number, solverFee: Decimal): OpenCost {
  const notional = quantity.times(price);
  const margin = notional.div(leverage);
  const fees = notional.times(feeRate(solverFee));
  return { price, notional, margin, fees, need: margin.plus(fees) };
}

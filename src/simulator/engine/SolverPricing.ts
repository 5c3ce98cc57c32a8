import { type Decimal, dec, ONE, roundTo } from '../../domain/money.ts';
import type { SimMarket } from '../markets.ts';
import { approxNumber } from './approxNumber.ts';

interface Quoted {
  mark: number;
  buy: Decimal | null;
  sell: Decimal | null;
  buyN: number;
  sellN: number;
}

interface Factors {
  readonly up: Decimal;
  readonly down: Decimal;
  readonly upN: number;
  readonly downN: number;
}

/** Far wider than the float error of `mark × (1 ± slippage)`; closer calls are decided exactly. */
const TOLERANCE = 1e-12;

/**
 * The solver's prices: the mark plus the half-spread against the taker, and the slippage bound
 * a MARKET fill must stay within. Everything derived from a mark is kept until the mark moves:
 * many fills see the same mark, and building Decimals is most of a fill's cost.
 */
export class SolverPricing {
  private readonly markOf: (symbol: string) => number;
  private readonly quoted = new Map<string, Quoted>();
  private readonly lastPrice = new Map<string, { readonly n: number; readonly d: Decimal }>();
  private readonly bounds = new WeakMap<Decimal, Factors>();

  constructor(markOf: (symbol: string) => number) {
    this.markOf = markOf;
  }

  /** The solver's fill price now, at the market's precision (rounded against the taker). */
  solverPrice(market: SimMarket, buying: boolean): Decimal {
    const q = this.quote(market);
    if (buying) {
      if (q.buy === null) {
        q.buy = roundTo(q.mark * (1 + market.spread), market.spec.pricePrecision, 'up');
        q.buyN = approxNumber(q.buy);
      }
      return q.buy;
    }
    if (q.sell === null) {
      q.sell = roundTo(q.mark * (1 - market.spread), market.spec.pricePrecision, 'down');
      q.sellN = approxNumber(q.sell);
    }
    return q.sell;
  }

  /** `solverPrice` as a float (the Decimal's value within a few parts in 10^16). */
  solverPriceN(market: SimMarket, buying: boolean): number {
    this.solverPrice(market, buying);
    const q = this.quote(market);
    return buying ? q.buyN : q.sellN;
  }

  private quote(market: SimMarket): Quoted {
    const symbol = market.spec.symbol;
    const mark = this.markOf(symbol);
    let q = this.quoted.get(symbol);
    if (q === undefined) {
      q = { mark, buy: null, sell: null, buyN: 0, sellN: 0 };
      this.quoted.set(symbol, q);
    } else if (q.mark !== mark) {
      // Reset in place: the mark moves before nearly every fill, and nothing keeps a Quoted.
      q.mark = mark;
      q.buy = null;
      q.sell = null;
    }
    return q;
  }

  /** A price of `symbol` as Decimal; the last one is kept, as submits and fills reuse the current mark. */
  priceDecimal(symbol: string, price: number): Decimal {
    const hit = this.lastPrice.get(symbol);
    if (hit?.n === price) return hit.d;
    const d = dec(price);
    this.lastPrice.set(symbol, { n: price, d });
    return d;
  }

  /**
   * The price a fill gets: the limit price, or the solver's price when it is within `slippage`
   * of the reference mark; otherwise the 4104 reason.
   */
  fillPrice(
    market: SimMarket,
    buying: boolean,
    limit: Decimal | null,
    refPrice: number,
    slippage: Decimal,
  ): { readonly price: Decimal } | { readonly refusal: string } {
    if (limit !== null) return { price: limit };
    const price = this.solverPrice(market, buying);
    const factors = this.factors(slippage);
    // Floats decide all but the near ties: a Decimal product per fill was a tenth of its cost.
    const quoted = this.quote(market);
    const priceN = buying ? quoted.buyN : quoted.sellN;
    const boundN = refPrice * (buying ? factors.upN : factors.downN);
    const gap = buying ? priceN - boundN : boundN - priceN;
    if (gap < -TOLERANCE * Math.abs(boundN)) return { price };
    const bound = this.priceDecimal(market.spec.symbol, refPrice).times(buying ? factors.up : factors.down);
    if (buying ? price.greaterThan(bound) : price.lessThan(bound))
      return {
        refusal: `market moved beyond slippage: fill ${price} vs bound ${bound.toDecimalPlaces(market.spec.pricePrecision)}`,
      };
    return { price };
  }

  /** 1 ± slippage, once per slippage value (most orders share the default). */
  private factors(slippage: Decimal): Factors {
    let f = this.bounds.get(slippage);
    if (!f) {
      const up = ONE.plus(slippage);
      const down = ONE.minus(slippage);
      f = { up, down, upN: approxNumber(up), downN: approxNumber(down) };
      this.bounds.set(slippage, f);
    }
    return f;
  }
}

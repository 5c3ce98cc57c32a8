import { type Decimal, dec, ONE, roundTo } from '../../domain/money.ts';
import type { SimMarket } from '../markets.ts';

interface Quoted {
  readonly mark: number;
  buy: Decimal | null;
  sell: Decimal | null;
}

/**
 * The solver's prices: the mark plus the half-spread against the taker, and the slippage bound
 * a MARKET fill must stay within. Everything derived from a mark is kept until the mark moves:
 * many fills see the same mark, and building Decimals is most of a fill's cost.
 */
export class SolverPricing {
  private readonly markOf: (symbol: string) => number;
  private readonly quoted = new Map<string, Quoted>();
  private readonly lastPrice = new Map<string, { readonly n: number; readonly d: Decimal }>();
  private readonly bounds = new WeakMap<Decimal, { readonly up: Decimal; readonly down: Decimal }>();

  constructor(markOf: (symbol: string) => number) {
    this.markOf = markOf;
  }

  /** The solver's fill price now, at the market's precision (rounded against the taker). */
  solverPrice(market: SimMarket, buying: boolean): Decimal {
    const symbol = market.spec.symbol;
    const mark = this.markOf(symbol);
    let q = this.quoted.get(symbol);
    if (q?.mark !== mark) {
      q = { mark, buy: null, sell: null };
      this.quoted.set(symbol, q);
    }
    if (buying) {
      q.buy ??= roundTo(mark * (1 + market.spread), market.spec.pricePrecision, 'up');
      return q.buy;
    }
    q.sell ??= roundTo(mark * (1 - market.spread), market.spec.pricePrecision, 'down');
    return q.sell;
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
    const bound = this.priceDecimal(market.spec.symbol, refPrice).times(buying ? factors.up : factors.down);
    if (buying ? price.greaterThan(bound) : price.lessThan(bound))
      return {
        refusal: `market moved beyond slippage: fill ${price} vs bound ${bound.toDecimalPlaces(market.spec.pricePrecision)}`,
      };
    return { price };
  }

  /** 1 ± slippage, once per slippage value (most orders share the default). */
  private factors(slippage: Decimal): { readonly up: Decimal; readonly down: Decimal } {
    let f = this.bounds.get(slippage);
    if (!f) {
      f = { up: ONE.plus(slippage), down: ONE.minus(slippage) };
      this.bounds.set(slippage, f);
    }
    return f;
  }
}

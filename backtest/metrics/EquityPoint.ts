/** The account's equity (cash + unrealised PnL) at the close of a bar; `time` is epoch ms. */
export interface EquityPoint {
  readonly time: number;
  readonly equity: number;
}

/** The same curve as columns (a backtest over millions of bars keeps no object per bar). */
export interface EquityColumns {
  readonly time: ArrayLike<number>;
  readonly equity: ArrayLike<number>;
}

export type EquityCurve = readonly EquityPoint[] | EquityColumns;

/** `Array.isArray` does not narrow a readonly array out of a union: this guard says it does. */
function isPointList(curve: EquityCurve): curve is readonly EquityPoint[] {
  return Array.isArray(curve);
}

/** Any curve as columns: point lists are copied once into Float64Arrays, columns pass through. */
export function equityColumns(curve: EquityCurve): EquityColumns {
  if (!isPointList(curve)) return curve;
  const points = curve;
  const time = new Float64Array(points.length);
  const equity = new Float64Array(points.length);
  points.forEach((p, i) => {
    time[i] = p.time;
    equity[i] = p.equity;
  });
  return { time, equity };
}

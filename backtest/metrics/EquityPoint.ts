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

/** Any curve as columns: point lists are copied once into Float64Arrays, columns pass through. */
export function equityColumns(curve: EquityCurve): EquityColumns {
  if (!Array.isArray(curve)) return curve as EquityColumns;
  const points = curve as readonly EquityPoint[];
  const time = new Float64Array(points.length);
  const equity = new Float64Array(points.length);
  points.forEach((p, i) => {
    time[i] = p.time;
    equity[i] = p.equity;
  });
  return { time, equity };
}

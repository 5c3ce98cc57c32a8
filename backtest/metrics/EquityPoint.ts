/** The account's equity (cash + unrealised PnL) at the close of a bar; `time` is epoch ms. */
export interface EquityPoint {
  readonly time: number;
  readonly equity: number;
}

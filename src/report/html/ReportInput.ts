/** One candle for the price chart; `time` in epoch milliseconds (UTC). */
export interface ReportBar {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** A finished (or still open) trade as the report draws it: an entry marker and an exit marker. */
export interface ReportTrade {
  readonly strategy: string;
  readonly market: string;
  readonly side: 'LONG' | 'SHORT';
  readonly quantity: number;
  readonly entryTime: number;
  readonly entryPrice: number;
  readonly exitTime: number | null;
  readonly exitPrice: number | null;
  readonly pnl: number | null;
}

export interface ReportPoint {
  readonly time: number;
  readonly value: number;
}

/** A table already formatted by the caller (metrics are N/A-aware there, not here). */
export interface ReportTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** A headline figure shown as a card at the top of the page. */
export interface ReportCard {
  readonly label: string;
  readonly value: string;
  /** Colours the value: good green, bad red, neutral plain. */
  readonly tone?: 'good' | 'bad' | 'neutral';
  /** A qualifier under the value, e.g. "(from 4 days)". */
  readonly note?: string;
}

/** One more line on the equity chart (a strategy's own curve), with its name in the legend. */
export interface ReportLine {
  readonly name: string;
  readonly points: readonly ReportPoint[];
}

export interface ReportInput {
  readonly title: string;
  /** What was run, on what, with which costs: one line under the title. */
  readonly subtitle: string;
  /** When the report was made, as text (the caller reads its clock). */
  readonly generatedAt: string;
  readonly cards: readonly ReportCard[];
  readonly markets: readonly { readonly symbol: string; readonly bars: readonly ReportBar[] }[];
  readonly trades: readonly ReportTrade[];
  readonly equity: readonly ReportPoint[];
  /** Lines drawn over the equity (one per strategy when there are several). */
  readonly equityLines?: readonly ReportLine[];
  /** Metric tables, shown whole (no scroll box), side by side when the page is wide. */
  readonly tables: readonly ReportTable[];
  /** Sentences to read before the figures (funding source, short-period warnings). */
  readonly notes?: readonly string[];
  /** Bar length: axes show times of day only below a day. */
  readonly intervalMs?: number;
}

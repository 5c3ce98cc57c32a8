const DAY = 86_400_000;
/** Markets that close (weekends, Easter, Christmas) leave holes of up to about 5 days. */
const CLOSED_MARKET_MS = 7 * DAY;

/** A hole between two consecutive bars of one market: `missing` whole bars did not come. */
export interface BarGap {
  readonly symbol: string;
  /** Position of the bar after the hole in the arrays given. */
  readonly index: number;
  /** 1-based lines (or rows) of the bars before and after the hole. */
  readonly fromLine: number;
  readonly line: number;
  readonly from: number;
  readonly to: number;
  readonly missing: number;
}

/** The default tolerance: a hole longer than a week (or two bars, if bars are longer) is lost data. */
export function defaultMaxGapMs(intervalMs: number): number {
  return Math.max(CLOSED_MARKET_MS, 2 * intervalMs);
}

/**
 * The holes in bars given in file order (each market ascending): a gap is any step longer than
 * 1.5 bar intervals. Returns them all; the caller refuses those longer than its tolerance.
 */
export function parseBarGaps(
  symbols: readonly string[] | string,
  times: ArrayLike<number>,
  lines: ArrayLike<number>,
  intervalMs: number,
): BarGap[] {
  const gaps: BarGap[] = [];
  const prev = new Map<string, number>();
  let last = -1;
  const one = typeof symbols === 'string';
  for (let i = 0; i < times.length; i++) {
    const symbol = one ? symbols : (symbols[i] ?? '');
    const t = times[i] ?? Number.NaN;
    const j = one ? last : (prev.get(symbol) ?? -1);
    const p = times[j] ?? Number.NaN;
    if (j >= 0 && t - p > 1.5 * intervalMs) {
      const missing = Math.round((t - p) / intervalMs) - 1;
      gaps.push({
        symbol,
        index: i,
        fromLine: lines[j] ?? 0,
        line: lines[i] ?? 0,
        from: p,
        to: t,
        missing,
      });
    }
    if (one) last = i;
    else prev.set(symbol, i);
  }
  return gaps;
}

/** `3 d 4 h`, `90 min`: a duration as a person reads it. */
export function spanText(ms: number): string {
  if (ms % DAY === 0) return `${ms / DAY} d`;
  if (ms >= DAY) return `${Math.floor(ms / DAY)} d ${Math.round((ms % DAY) / 3_600_000)} h`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE, readReference, referenceBars, referenceEquity } from './referenceRun.ts';

const files = existsSync(REFERENCE) ? readdirSync(REFERENCE).filter((f) => f.endsWith('.json')) : [];

describe("the reference runs' equity curves, rebuilt in backtesting.py's operations", () => {
  it.each(files)('%s: the final equity, the peak and the bars the file states', (file) => {
    const ref = readReference(file);
    const bars = referenceBars(ref);
    const equity = Array.from(referenceEquity(ref, bars).equity);
    expect(equity.at(-1)).toBe(ref.stats['Equity Final [$]']);
    expect(Math.max(...equity)).toBe(ref.stats['Equity Peak [$]']);
  });
});

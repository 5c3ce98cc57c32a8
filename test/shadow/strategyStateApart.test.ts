import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shadowRun } from './support/shadowRun.ts';

const COUNTING = join(import.meta.dirname, 'fixtures/countingFlipper.ts');

describe('a shadowed strategy and its live self, one module loaded once in the process', () => {
  it("each init their own state, which each ticks alone; only the module's own globals are shared", async () => {
    // The module instance the strategy loader imports (by the same URL): its globals are the ones counted.
    const fixture = (await import(pathToFileURL(COUNTING).href)) as {
      locals: { readonly ticks: number }[];
      moduleWide: { ticks: number };
    };
    const run = await shadowRun(3, COUNTING);
    const [live, shadow] = fixture.locals;
    expect(fixture.locals).toHaveLength(2);
    expect(live).not.toBe(shadow);
    expect(live?.ticks).toBeGreaterThan(100);
    // The same ticks, each counted once by each instance: no tick of one reached the other's state.
    expect(shadow?.ticks).toBe(live?.ticks);
    // Both paired their intents (the same counts made the same signals).
    expect(run.report.strategies[0]?.matched).toBeGreaterThan(0);
    // A module-level global is one object for both: it counted every tick twice.
    expect(fixture.moduleWide.ticks).toBe((live?.ticks ?? 0) * 2);
  }, 120_000);
});

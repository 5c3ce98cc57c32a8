import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: IFlattenedRuleSet['forbidden'];
  options: Record<string, unknown>;
};

async function violations(baseDir: string, dirs: string[]): Promise<string[]> {
  const out = await cruise(dirs, {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  } as Parameters<typeof cruise>[1]);
  const result = out.output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('dependency rules (ARCHITECTURE.md layering)', () => {
  it('refuse a deliberately added upward import (domain → execution) and allow a downward one', async () => {
    const found = await violations(path.join(root, 'test/fixtures/layering'), ['src']);
    expect(found.filter((v) => v.startsWith('layer-'))).toEqual([
      'layer-domain: src/domain/upward.ts → src/execution/Thing.ts',
    ]);
  });

  it('refuse a backtest file that wires the executor instead of starting the kernel', async () => {
    const found = await violations(path.join(root, 'test/fixtures/layering'), ['backtest']);
    expect(found).toEqual([
      'backtest-through-the-kernel: backtest/wiresExecutor.ts → src/execution/Thing.ts',
    ]);
  });

  it('refuse an execution file that builds the RFQ status poller itself, and allow its poll settings type', async () => {
    const found = await violations(path.join(root, 'test/fixtures/layering'), ['src']);
    expect(found.filter((v) => v.startsWith('core-never-polls'))).toEqual([
      'core-never-polls: src/execution/polls.ts → src/venue/rfq/StatusPoller.ts',
    ]);
  });

  it('hold for the whole tree: src, strategies and backtest', async () => {
    const dirs = ['src', 'strategies', 'backtest'].filter((d) => existsSync(path.join(root, d)));
    expect(await violations(root, dirs)).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastConfig, perpflow, perpflowOutput, tempDir, until } from '../run/runHarness.ts';

describe('perpflow run in sim mode with shadow: [sma-fast]', () => {
  it('trades the shadow beside live, logs its drift at stop, and `perpflow status` reports it from the files', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'sim', extra: 'shadow: [sma-fast]\nconsole: { enabled: false }\n' });
    const bot = perpflow(['run', cfg]);
    await until(() => bot.count(/ opened BTCUSDT .*component=shadow/) >= 2, 60_000, 'two shadow opens', bot);
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);
    const out = bot.lines.join('\n');
    expect(out).toMatch(/shadowing sma-fast: journal .*journal\.shadow\.dry-run\.sqlite/);
    expect(out).toMatch(
      /drift {7}live against its shadow since .*\n {2}sma-fast: \d+ matched · live missed \d+/,
    );
    expect(existsSync(join(dir, 'journal.shadow.dry-run.sqlite'))).toBe(true);

    const status = await perpflowOutput(['status', '--json', cfg]);
    expect(status.code).toBe(0);
    const drift = (
      JSON.parse(status.stdout) as { drift: { strategies: { strategyId: string; matched: number }[] } }
    ).drift;
    expect(drift.strategies.map((s) => s.strategyId)).toEqual(['sma-fast']);
    expect(drift.strategies[0]?.matched).toBeGreaterThan(0);
  }, 90_000);
});

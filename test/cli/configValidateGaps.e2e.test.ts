import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const NODE = join(REPO, 'node_modules/.bin/node');
const MAIN = join(REPO, 'src/cli/main.ts');
const RISK = `risk:
  account: { maxOpenPositions: 3, maxNotionalPerPosition: 1000, maxTotalNotional: 3000, maxLeverage: 5, maxIntentsPerMinute: 30, dailyLossLimit: 200, maxDrawdownPct: 10 }
`;

/** `perpflow config validate` of `files` (the first is the config) written in a fresh folder. */
function validate(files: Record<string, string>, ...flags: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'pf-validate-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const config = Object.keys(files)[0] ?? '';
  const r = spawnSync(NODE, [MAIN, 'config', 'validate', config, ...flags], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PERPFLOW_HOST_DIR: dir },
  });
  return { dir, code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('perpflow config validate lists every problem at once', () => {
  it("reports a strategy's bad params beside a problem elsewhere in the file", () => {
    const r = validate({
      'bot.yaml': `mode: nonsense\n${RISK}strategies:\n  - { id: s, module: sma-cross, markets: [BTCUSDT], params: { fast: -1, slow: 5, notional: 100 } }\n`,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bot.yaml:1:7 mode: expected one of');
    expect(r.stderr).toMatch(/bot\.yaml:5:\d+ strategies\[0\]\.params\.fast: /);
  });

  it('refuses a market the embedded simulator does not list, naming the closest ones', () => {
    const r = validate({
      'bot.yaml': `${RISK}strategies:\n  - { id: s, module: sma-cross, markets: [BTCUSDX], params: { fast: 2, slow: 5, notional: 100 } }\n`,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /bot\.yaml:4:\d+ strategies\[0\]\.markets\[0\]: the simulator does not list market BTCUSDX \(closest: BTCUSDT/,
    );
  });

  it("takes a backtest's markets as its data files', offline and --online: GOOG passes both", () => {
    const config = `mode: backtest\n${RISK}strategies:\n  - { id: s, module: sma-cross, markets: [GOOG], params: { fast: 2, slow: 5, notional: 100 } }\n`;
    for (const flags of [[], ['--online']])
      expect(validate({ 'bot.yaml': config }, ...flags)).toMatchObject({
        code: 0,
        stdout: 'ok: bot.yaml\n',
        stderr: '',
      });
  });

  it('refuses a cron step beyond its field: */75 in the seconds field', () => {
    const r = validate({
      'bot.yaml': `${RISK}strategies:\n  - { id: d, module: dca, markets: [ETHUSDT], params: { cron: "*/75 * * * * *", notional: 100 } }\n`,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bot\.yaml:4:\d+ strategies\[0\]\.params\.cron: /);
  });

  it('locates a SyntaxError the module body throws (JSON.parse) at its line and column', () => {
    const r = validate({
      'bot.yaml': `${RISK}strategies:\n  - { id: s, module: ./bad.ts, markets: [BTCUSDT] }\n`,
      'bad.ts': "export const n = 1;\nconst settings = JSON.parse('{not json');\nexport default settings;\n",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(r.dir, 'bad.ts')}:2:23: failed to load: SyntaxError:`);
  });

  it('recognises a fault profile and checks it as one', () => {
    const ok = validate({ 'flaky.yaml': 'seed: 42\nerrorRate: 0.02\n' });
    expect(ok).toMatchObject({
      code: 0,
      stdout:
        'ok: flaky.yaml (a simulator fault profile: simulator.faults or perpflow sim --faults names it)\n',
    });
    const bad = validate({ 'flaky.yaml': 'seed: 42\nerrorRate: 3\n' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: flaky.yaml:2:12 errorRate: expected a number ≤ 1\n');
  });
});

import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN, tempDir, until } from './runHarness.ts';

const SCRIPT = '/usr/bin/script';

/** A dry run that trades nothing in a test's time (a 1000-bar slow average on 1 h bars). */
function quietConfig(dir: string): string {
  const path = join(dir, 'bot.yaml');
  writeFileSync(
    path,
    `mode: dry-run
market: { pollIntervalMs: 200, staleAfterMs: 3000 }
journal: { path: journal.sqlite }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 1000, maxTotalNotional: 2000, maxLeverage: 5, maxIntentsPerMinute: 60, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: quiet, module: sma-cross, markets: [BTCUSDT], params: { fast: 2, slow: 1000, notional: 100 } }
logging: { level: info, file: log.jsonl }
status: { port: 0 }
`,
  );
  return path;
}

describe.skipIf(!existsSync(SCRIPT))('perpflow run on a terminal, stopped with Ctrl-C', () => {
  it('prints the stop summary on the screen after the live view and exits 0', async () => {
    const dir = tempDir();
    quietConfig(dir);
    // `script` gives the bot a pseudo-terminal; a 0x03 written to it is the terminal's Ctrl-C.
    const child = spawn(SCRIPT, ['-qec', `exec ${process.execPath} ${MAIN} run bot.yaml`, '/dev/null'], {
      cwd: dir,
      env: { ...process.env, PERPFLOW_HOST_DIR: join(dir, 'host'), TERM: 'xterm' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.on('data', (c: Buffer) => {
      screen += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await until(() => screen.includes('quiet'), 30_000, 'the live view');
    child.stdin.write('\x03');
    expect(await exited).toBe(0);
    const afterCtrlC = screen.slice(screen.lastIndexOf('^C'));
    expect(afterCtrlC).toContain('\x1b[?25h'); // the cursor is shown again
    expect(afterCtrlC).toMatch(/INFO {2}SIGINT: stopping/);
    expect(afterCtrlC).toMatch(/INFO {2}venue = ledger at stop: flat/);
    expect(afterCtrlC).toMatch(
      /INFO {2}stopped: 0 open positions, realised 0\.00, fees 0\.00; 0 requests to settle/,
    );
  }, 60_000);
});

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killSwitchTargets } from '../../src/cli/commands/killSwitchTargets.ts';
import { registerRunningBot } from '../../src/journal/runningBots.ts';

const T0 = Date.UTC(2026, 0, 1);
let saved: string | undefined;
let dir: string;

beforeEach(() => {
  saved = process.env.PERPFLOW_HOST_DIR;
  dir = mkdtempSync(join(tmpdir(), 'perpflow-registry-'));
  process.env.PERPFLOW_HOST_DIR = dir;
});
afterEach(() => {
  if (saved === undefined) delete process.env.PERPFLOW_HOST_DIR;
  else process.env.PERPFLOW_HOST_DIR = saved;
});

function entry(pid: number, startedAt: number, stopped: boolean): void {
  const bot = {
    pid,
    host: hostname(),
    mode: 'sim',
    config: `/cfg/${pid}.yaml`,
    journal: `/var/j-${pid}.sqlite`,
    account: `acct-${pid}`,
    startedAt,
    ...(stopped ? { stopped: true } : {}),
  };
  writeFileSync(join(dir, `bot-${pid}.json`), `${JSON.stringify(bot)}\n`);
}

describe('the bot registry beyond its 20 kept entries', () => {
  it('a bare halt still reaches the newest running bots after 25 old stopped entries are pruned', async () => {
    // A second bot, running (a live node process), registered after 25 older ones that stopped.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
    try {
      const otherPid = other.pid ?? -1;
      for (let i = 0; i < 25; i++) entry(4_000_000 + i, T0 + i * 60_000, true);
      entry(otherPid, T0 + 3_600_000, false);
      // This process starts as the newest bot: its registration prunes the registry.
      registerRunningBot({
        mode: 'sim',
        config: '/cfg/me.yaml',
        journal: '/var/j-me.sqlite',
        account: 'acct-me',
        startedAt: T0 + 7_200_000,
      });
      const reached = killSwitchTargets({}).flatMap((t) => t.bots.map((b) => b.pid));
      expect(reached.sort()).toEqual([otherPid, process.pid].sort());
    } finally {
      other.kill('SIGKILL');
    }
  });
});

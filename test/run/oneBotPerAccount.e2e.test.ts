import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastConfig, perpflow, startSim, tempDir, until } from './runHarness.ts';

describe('one bot per venue account', () => {
  it('a second bot on the same account with another journal (and another directory) is refused with exit 2 naming the first and its journal; --allow-shared-account runs it, loudly', async () => {
    const sim = await startSim(11);
    const env = { PERPFLOW_HOST_DIR: join(tempDir(), 'host') };
    const [dirA, dirB] = [tempDir(), tempDir()];
    // Both configs sign in to the same `perpflow sim` with the same wallet: one subaccount.
    const first = perpflow(['run', fastConfig(dirA, { mode: 'sim', url: sim.url })], process.cwd(), env);
    try {
      const registered = (pid: number | undefined) =>
        existsSync(join(env.PERPFLOW_HOST_DIR, `bot-${pid}.json`));
      await until(() => registered(first.child.pid), 60_000, 'the first bot to trade', first);
      const cfgB = fastConfig(dirB, { mode: 'sim', url: sim.url });
      const second = perpflow(['run', cfgB], process.cwd(), env);
      await until(
        () => second.child.exitCode !== null || second.count(/trading: /) > 0,
        60_000,
        'the second bot to decide',
      );
      if (second.child.exitCode === null) second.child.kill('SIGINT');
      expect(await second.exited).toBe(2);
      const refusal = second.lines.join('\n');
      expect(refusal).toContain(`pid ${first.child.pid}`);
      expect(refusal).toContain(join(dirA, 'journal.sqlite'));
      expect(refusal).toContain('--allow-shared-account');
      expect(second.count(/trading: /)).toBe(0);

      const shared = perpflow(['run', cfgB, '--allow-shared-account'], process.cwd(), env);
      try {
        await until(() => registered(shared.child.pid), 60_000, 'the shared bot to start', shared);
        expect(shared.count(/--allow-shared-account: NOT locking the venue account/)).toBe(1);
      } finally {
        shared.child.kill('SIGINT');
        await shared.exited;
      }
    } finally {
      first.child.kill('SIGINT');
      await first.exited;
      await sim.stop();
    }
  }, 180_000);
});

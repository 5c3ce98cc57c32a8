import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { runBot } from '../../src/kernel/runBot.ts';
import '../setup/hostDir.ts';
import { botIn, messages, quiet, receiver, stopOnceTrading, waitFor } from './inProcessBot.ts';

describe('`perpflow run` in process: webhooks at the stop', () => {
  it('a webhook that never answers holds up the stop a bounded time, then its post is given up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const hung = await receiver('hang');
    try {
      const running = runBot({
        configFile: botIn(dir, `notify: { webhooks: [{ url: "${hung.url}" }] }\n`),
        out: quiet,
      });
      // A fill's notification reached it, unanswered: in flight when the stop begins.
      await waitFor(() => hung.bodies.length > 0, 60_000);
      expect(hung.bodies.length).toBeGreaterThan(0);
      await stopOnceTrading(dir);
      const clock = new SystemClock();
      const stopAt = clock.now();
      expect(await running).toBe(0);
      // About 2 s: well short of the 10 s its post would wait for an answer.
      expect(clock.now() - stopAt).toBeLessThan(8_000);
      expect(messages(dir).filter((m) => m.startsWith('stopped: '))).toHaveLength(1);
      // Given up by the bot (the connection closed on its side), not left to its 10 s time-out.
      await waitFor(() => hung.aborted() > 0, 5_000);
      expect(hung.aborted()).toBeGreaterThan(0);
    } finally {
      hung.close();
    }
  }, 180_000);
});

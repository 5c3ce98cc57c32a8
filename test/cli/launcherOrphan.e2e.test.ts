import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { pidAlive } from '../../src/journal/processState.ts';
import {
  fastConfig,
  type Proc,
  perpflow,
  type SimServer,
  startSim,
  tempDir,
  until,
} from '../run/runHarness.ts';
import { launched, OLD_NODE } from './launched.ts';

let sim: SimServer | undefined;
const procs: Proc[] = [];
afterEach(async () => {
  for (const p of procs.splice(0))
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await sim?.stop();
  sim = undefined;
});

describe.skipIf(!existsSync(OLD_NODE))(
  'kill -9 of the launcher (bin/perpflow.js under an older Node)',
  () => {
    it('names the launcher pid to a second start, and its orphaned child stops trading and exits; a restart then trades', async () => {
      sim = await startSim(31);
      const dir = tempDir();
      const cfg = fastConfig(dir, { mode: 'sim', url: sim.url });
      const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
      const bot = launched(['run', cfg], env);
      procs.push(bot);
      const launcher = bot.child.pid as number;
      await until(() => bot.count(/ opened BTCUSDT /) >= 1, 60_000, 'the launched bot to trade', bot);

      // A second start is refused, naming the pid the operator started as well as the Node 24 one.
      const second = perpflow(['run', cfg], process.cwd(), env);
      procs.push(second);
      expect(await second.exited).toBe(2);
      const refusal =
        second.lines.find((l) => /another perpflow instance/.test(l)) ?? second.lines.join('\n');
      const named = /\(pid (\d+) on [^,]+, started as pid (\d+) \(bin\/perpflow\.js\)/.exec(refusal);
      expect(named?.[2], refusal).toBe(String(launcher));
      const child = Number(named?.[1]);
      expect(child).not.toBe(launcher);

      const killedAt = new SystemClock().now();
      bot.child.kill('SIGKILL');
      await until(() => !pidAlive(child), 30_000, `the orphaned child (pid ${child}) to exit`, bot);
      process.stdout.write(
        `the orphaned child exited ${new SystemClock().now() - killedAt} ms after kill -9 of its launcher\n`,
      );
      expect(
        bot.count(new RegExp(`the launcher \\(pid ${launcher}\\) died: stopping — no new intents`)),
      ).toBe(1);
      expect(bot.count(/INFO {2}stopped: /)).toBe(1);

      const restart = perpflow(['run', cfg], process.cwd(), env);
      procs.push(restart);
      await until(() => restart.count(/ opened BTCUSDT /) >= 1, 60_000, 'the restart to trade', restart);
      restart.child.kill('SIGINT');
      expect(await restart.exited).toBe(0);
    }, 180_000);
  },
);

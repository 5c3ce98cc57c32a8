import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { until } from '../run/runHarness.ts';

// The launcher's re-exec path runs only under a Node older than 24; the machine's system Node is one.
const OLD_NODE = '/usr/bin/node';

describe.skipIf(!existsSync(OLD_NODE))('bin/perpflow.js under an older Node', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'forwards %s to the Node 24 child: the simulator stops listening and the launcher exits 0',
    async (signal) => {
      const launcher = spawn(OLD_NODE, ['bin/perpflow.js', 'sim', '--port', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        launcher.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /listening on (\S+)/.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        launcher.on('exit', (code) => reject(new Error(`launcher exited with ${code}: ${out}`)));
      });
      const exited = new Promise<number | null>((resolve) => launcher.on('exit', resolve));
      launcher.kill(signal);
      expect(await exited).toBe(0);
      const after = await fetch(`${url}/v1/markets`).then(
        () => 'still listening',
        () => 'stopped',
      );
      expect(after).toBe('stopped');
    },
  );

  it('kill -9 of the launcher ends its orphaned Node 24 child too: the simulator stops listening', async () => {
    const launcher = spawn(OLD_NODE, ['bin/perpflow.js', 'sim', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    launcher.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    await until(() => /listening on (\S+)/.test(out), 20_000, 'the simulator to listen');
    const url = /listening on (\S+)/.exec(out)?.[1] as string;
    launcher.kill('SIGKILL');
    const listening = (): Promise<boolean> =>
      fetch(`${url}/v1/markets`).then(
        () => true,
        () => false,
      );
    const clock = new SystemClock();
    const end = clock.now() + 20_000;
    while ((await listening()) && clock.now() < end) await clock.sleep(50);
    expect(await listening()).toBe(false);
  });
});

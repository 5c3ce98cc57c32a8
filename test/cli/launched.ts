import { spawn } from 'node:child_process';
import type { Proc } from '../run/runHarness.ts';

/** The machine's system Node, older than 24: under it bin/perpflow.js re-executes itself on the pinned Node 24. */
export const OLD_NODE = '/usr/bin/node';

/** `node20 bin/perpflow.js ARGS`, as `npx perpflow` starts it on an older Node: the launcher and its Node 24 child. */
export function launched(args: readonly string[], env: Record<string, string> = {}): Proc {
  const child = spawn(OLD_NODE, ['bin/perpflow.js', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.on('data', (c: Buffer) => {
      buf += c.toString();
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      lines.push(...parts);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited, count: (re) => lines.filter((l) => re.test(l)).length };
}

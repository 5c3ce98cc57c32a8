import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs `perpflow sim` through registerSimCommand in a child process, as main.ts will. */
const ENTRY = `
import { Command } from 'commander';
import { registerSimCommand } from './src/cli/commands/sim.ts';
const program = new Command().exitOverride();
registerSimCommand(program);
await program.parseAsync(process.argv.slice(1), { from: 'user' });
`;

function runSim(args: string[]) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', ENTRY, 'sim', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('interactive reference')) resolve(out);
    });
    child.on('exit', (code) => reject(new Error(`sim exited early with ${code}: ${err}`)));
  });
  // Only the test that waits for readiness cares about an early exit.
  ready.catch(() => {});
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => out, errors: () => err };
}

describe('perpflow sim', () => {
  it('prints the listening line and a working dev session token, and stops on SIGTERM', async () => {
    const sim = runSim(['--port', '0', '--seed', '4', '--fill-latency-ms', '10-20']);
    const text = await sim.ready;
    const url = /^venue simulator listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(text)?.[1];
    expect(url).toBeDefined();
    const token = /PERPFLOW_SESSION_JWT=(\S+)/.exec(text)?.[1] ?? '';
    const keys = await fetch(`${url}/v1/api-keys/list`, { headers: { authorization: `Bearer ${token}` } });
    expect(keys.status).toBe(200);
    expect(text).toContain('perpflow account keys create');
    expect(text).toContain('fills: uniform 10–20 ms; resting LIMITs expire after 86400000 ms');
    sim.child.kill('SIGTERM');
    expect(await sim.exited).toBe(0);
    expect(sim.output()).toContain('SIGTERM: stopping the venue simulator');
  });

  it('exits 2 naming the flag when a value is bad', async () => {
    const sim = runSim(['--fill-latency-ms', '9-1']);
    expect(await sim.exited).toBe(2);
    expect(sim.errors()).toMatch(/--fill-latency-ms: the lower bound 9 exceeds the upper bound 1/);
  });
});

import { execFile, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const NODE = 'node_modules/.bin/node';

/** Starts `perpflow sim`, reads stdout until `done` matches, then stops it with SIGTERM. */
function startupOutput(args: readonly string[], done: RegExp): Promise<string> {
  const sim = spawn(NODE, ['src/cli/main.ts', 'sim', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    sim.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (done.test(out)) {
        sim.kill('SIGTERM');
        resolve(out);
      }
    });
    sim.on('exit', (code) => reject(new Error(`perpflow sim exited with ${code}: ${out}`)));
  });
}

describe('perpflow sim startup', () => {
  let holder: Server;
  let port = 0;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => {
    holder.close();
  });

  it('exits 1 at once naming the port when the port is already in use', async () => {
    const err = await run(NODE, ['src/cli/main.ts', 'sim', '--port', String(port)], { timeout: 15_000 }).then(
      () => undefined,
      (e: { code: number; killed: boolean; stderr: string }) => e,
    );
    expect(err?.killed).toBe(false);
    expect(err?.code).toBe(1);
    expect(err?.stderr).toBe(
      `error: cannot listen on 127.0.0.1:${port}: the port is already in use; stop what holds it, or pass --port 0 for any free port\n` +
        `caused by: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`,
    );
  });

  it('under --json reports the port in use as one JSON error object on stderr', async () => {
    const err = await run(NODE, ['src/cli/main.ts', 'sim', '--json', '--port', String(port)], {
      timeout: 15_000,
    }).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(JSON.parse(err?.stderr ?? '')).toEqual({
      error: {
        code: 'FAILURE',
        exitCode: 1,
        message: `cannot listen on 127.0.0.1:${port}: the port is already in use; stop what holds it, or pass --port 0 for any free port`,
        causes: [`listen EADDRINUSE: address already in use 127.0.0.1:${port}`],
      },
    });
  });

  it('prints one JSON line with the url and the session token under --json', async () => {
    const out = await startupOutput(['--json'], /\n/);
    const banner = JSON.parse(out.split('\n')[0] ?? '') as Record<string, unknown>;
    expect(banner.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(banner.sessionJwt).toMatch(/^\S+\.\S+\.\S+$/);
    expect(banner.faults).toEqual([]);
  });

  it('shows the active faults in the startup output when --faults is given', async () => {
    const out = await startupOutput(['--faults', 'config/faults/flaky.yaml'], /interactive reference/);
    expect(out).toMatch(/^FAULTS ACTIVE: .*errorRate=/m);
  });

  it('says "faults: none" without fault settings, and its next steps use npx perpflow and least privilege', async () => {
    const out = await startupOutput([], /interactive reference/);
    expect(out).toMatch(/^faults: none$/m);
    expect(out).not.toMatch(/^\s+perpflow /m);
    expect(out).toMatch(/^ {2}npx perpflow account keys create/m);
    expect(out).not.toContain('ALL');
  });
});

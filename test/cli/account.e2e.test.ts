import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const NODE = 'node_modules/.bin/node';
const MAIN = 'src/cli/main.ts';

interface Result {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let sim: ChildProcess;
const env: Record<string, string> = {};

async function perpflow(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<Result> {
  const base = { ...process.env, ...env, ...extraEnv };
  for (const k of ['PERPFLOW_API_KEY', 'PERPFLOW_SUBACCOUNT', 'PERPFLOW_INSTANT_TOKEN'])
    if (!(k in env) && !(k in extraEnv)) delete base[k];
  try {
    const { stdout, stderr } = await run(NODE, [MAIN, 'account', ...args], { env: base });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** Reads the simulator's banner until the export lines appear (no sleeping). */
function startSim(): Promise<Record<string, string>> {
  sim = spawn(NODE, [MAIN, 'sim', '--port', '0', '--fill-latency-ms', '10-20'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    sim.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /export PERPFLOW_VENUE_URL=(\S+)/.exec(out)?.[1];
      const jwt = /export PERPFLOW_SESSION_JWT=(\S+)/.exec(out)?.[1];
      if (url && jwt) resolve({ PERPFLOW_VENUE_URL: url, PERPFLOW_SESSION_JWT: jwt });
    });
    sim.on('exit', (code) => reject(new Error(`perpflow sim exited with ${code}: ${out}`)));
  });
}

describe('README "Connect an account", step by step against perpflow sim', () => {
  beforeAll(async () => {
    Object.assign(env, await startSim());
  });
  afterAll(() => {
    sim.kill('SIGTERM');
  });

  let keyId = '';

  it('creates a key and prints its secret once, with the warning', async () => {
    const r = await perpflow(['keys', 'create', '--name', 'my-bot']);
    expect(r.code).toBe(0);
    keyId = /id:\s+(\S+)/.exec(r.stdout)?.[1] ?? '';
    const secret = /secret:\s+(ix\.[0-9a-f]{64})/.exec(r.stdout)?.[1] ?? '';
    expect(keyId).not.toBe('');
    expect(secret).not.toBe('');
    expect(r.stderr).toContain('cannot be shown again');
    env.PERPFLOW_API_KEY = secret;
    const list = await perpflow(['keys', 'list']);
    expect(list.stdout).toContain('my-bot');
    expect(list.stdout).not.toContain(secret);
  });

  it('refuses positions before the subaccount is enabled and delegated (exit 2, no secret shown)', async () => {
    const r = await perpflow(['positions']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no subaccount delegated to this key');
    expect(r.stderr).not.toContain(env.PERPFLOW_API_KEY);
  });

  it('enables the subaccount, delegates, and registers the instant-action token', async () => {
    expect((await perpflow(['subaccount', 'enable'])).stdout).toContain('API access enabled on 0x');
    const d = await perpflow([
      'delegate',
      '--key-id',
      keyId,
      '--permissions',
      'VIEW_DETAILS,OPEN_POSITION,CLOSE_POSITION,CANCEL_POSITION',
    ]);
    expect(d.code).toBe(0);
    expect(d.stdout).toContain(`to key ${keyId}`);
    const it = await perpflow(['instant-token', 'set'], { PERPFLOW_INSTANT_TOKEN: 'dev-instant-token' });
    expect(it.code).toBe(0);
    expect(it.stdout).toContain('instant-action token registered');
  });

  it('reads balance and positions with the new key', async () => {
    const b = await perpflow(['balance']);
    expect(b.code).toBe(0);
    expect(b.stdout).toMatch(/allocated:\s+100000/);
    const p = await perpflow(['positions']);
    expect(p.code).toBe(0);
    expect(p.stdout).toContain('(none)');
    const json = await perpflow(['positions', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([]);
    const perms = await perpflow(['keys', 'permissions', '--json']);
    expect(JSON.parse(perms.stdout).subaccounts[0].permissions).toHaveLength(4);
  });

  it('refuses a malformed key with exit 2 and never prints it', async () => {
    const bad = `ix.${'z'.repeat(64)}`;
    const r = await perpflow(['positions'], { PERPFLOW_API_KEY: bad });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('malformed venue API key');
    expect(r.stderr).not.toContain(bad);
  });

  it('answers exit 1 with an auth error once the key is revoked, without echoing it', async () => {
    expect((await perpflow(['keys', 'revoke', keyId])).code).toBe(0);
    const r = await perpflow(['balance']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 401');
    expect(r.stderr).not.toContain(env.PERPFLOW_API_KEY);
    expect(r.stderr).not.toContain(env.PERPFLOW_SESSION_JWT);
  });
});

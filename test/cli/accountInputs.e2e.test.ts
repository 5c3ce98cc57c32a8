import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
// Any JWT-shaped text: these commands must fail before a request, or reach no venue at all.
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

async function account(args: readonly string[], env: Record<string, string>) {
  const base: NodeJS.ProcessEnv = { ...process.env, PERPFLOW_SESSION_JWT: JWT, ...env };
  try {
    const r = await run('node_modules/.bin/node', ['src/cli/main.ts', 'account', ...args], { env: base });
    return { code: 0, ...r };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('account setup inputs the venue would refuse, and a venue that is not there', () => {
  /** A port nothing listens on: its connections are refused, and counted if any arrive. */
  let closedUrl = '';
  /** A listener that counts connections: proves nothing was sent. */
  let counter: Server;
  let connections = 0;
  let countingUrl = '';
  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
    await new Promise<void>((r) => probe.close(() => r()));
    counter = createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => counter.listen(0, '127.0.0.1', r));
    countingUrl = `http://127.0.0.1:${(counter.address() as { port: number }).port}`;
  });
  afterAll(() => {
    counter.close();
  });

  it.each([
    ['an empty key name', '', 'error: key name: empty; give a label such as the bot or environment\n'],
    ['a 5,000-character key name', 'x'.repeat(5000), 'error: key name: 5000 characters; at most 64\n'],
  ])('refuses %s with exit 2 before sending anything', async (_what, name, message) => {
    const r = await account(['keys', 'create', '--name', name], { PERPFLOW_VENUE_URL: countingUrl });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(message);
    expect(connections).toBe(0);
  });

  it('refuses an instant token shorter than 8 with exit 2 before sending anything', async () => {
    const r = await account(['instant-token', 'set'], {
      PERPFLOW_VENUE_URL: countingUrl,
      PERPFLOW_INSTANT_TOKEN: 'short',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: instant-action token: 5 characters; the venue needs at least 8\n');
    expect(connections).toBe(0);
  });

  it('says the venue was unreachable when keys create meets a refused connection (no "reconcile")', async () => {
    const r = await account(['keys', 'create', '--name', 'dev'], { PERPFLOW_VENUE_URL: closedUrl });
    expect(r.code).toBe(1);
    const port = closedUrl.split(':')[2];
    expect(r.stderr).toBe(
      `error: POST /v1/api-keys/create: the venue at ${closedUrl} was unreachable (fetch failed: connect ECONNREFUSED 127.0.0.1:${port})\n`,
    );
  });

  it('does not retry fetch\'s "bad port": exit 2 at the first attempt, naming the URL', async () => {
    const r = await account(['keys', 'list'], { PERPFLOW_VENUE_URL: 'http://127.0.0.1:6000' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: venue base URL http://127.0.0.1:6000: fetch refuses its port ("bad port", a port reserved for other protocols); use another port\n',
    );
  });

  it('prints the cause of a read that gave up once, not twice', async () => {
    const r = await account(['keys', 'list'], { PERPFLOW_VENUE_URL: closedUrl });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(r.stderr).toMatch(/was unreachable .*\(gave up after 4 attempts\)\n$/);
  });
});

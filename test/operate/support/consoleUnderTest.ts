import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { envRef } from '../../../src/config/envReference.ts';
import { silentLogger } from '../../../src/log/Logger.ts';
import { hashPassword } from '../../../src/operate/api/passwordHash.ts';
import { type BuiltConsole, buildConsole } from '../../../src/operate/api/serveConsole.ts';
import { startOperatorKernel } from '../../kernel/support/operatorKernel.ts';
import { stopWatcherKernel, type WatcherKernel } from '../../kernel/support/watcherKernel.ts';

export const PASSWORDS = { alice: 'alice-correct-horse-1', victor: 'victor-battery-staple-2' } as const;
export const WEBHOOK = 'https://hooks.example.com/services/T0K3N-c0n50le-webhook-9f8e7d';
export const STRATEGY_TOKEN = 'strategy-param-token-5e4d3c2b1a';

export interface ConsoleUnderTest {
  readonly k: WatcherKernel;
  readonly built: BuiltConsole;
  readonly app: FastifyInstance;
  /** Every response body and push frame the test saw: the secret scan reads them. */
  readonly seen: string[];
  /** The config's secret values: the hashes, the passwords, the webhook URL, the CLI token. */
  readonly secrets: readonly string[];
  readonly assets: string;
  inject(o: InjectOptions): Promise<LightMyRequestResponse>;
  /** Logs `user` in: its cookie header value and CSRF token. */
  login(user: keyof typeof PASSWORDS): Promise<{ cookie: string; csrf: string }>;
  stop(): Promise<void>;
}

/**
 * A kernel on the in-process simulator (virtual clock; `watch` and `once`, fixtures) with its
 * console built from the config as `perpflow run` builds it: users alice (operator) and victor
 * (viewer) with scrypt hashes from the environment, a webhook secret, and a page folder of its own;
 * `consoleExtra` adds keys to its console section (indented two spaces).
 */
export async function consoleUnderTest(consoleExtra = ''): Promise<ConsoleUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-console-'));
  const hashes = { alice: await hashPassword(PASSWORDS.alice), victor: await hashPassword(PASSWORDS.victor) };
  process.env.PF_TEST_ALICE = hashes.alice;
  process.env.PF_TEST_VICTOR = hashes.victor;
  process.env.PF_TEST_HOOK = WEBHOOK;
  process.env.PF_TEST_TOKEN = STRATEGY_TOKEN;
  const clock = new VirtualClock(Date.UTC(2026, 0, 5));
  const k = await startOperatorKernel(
    clock,
    dir,
    // Appended to the kernel's strategies list first: a strategy whose parameter is a secret.
    `  - { id: holder, module: ${join(import.meta.dirname, '../fixtures/tokenHolder.ts')}, markets: [BTCUSDT], params: { apiToken: "${envRef('PF_TEST_TOKEN')}" } }
notify: { webhooks: [{ url: "${envRef('PF_TEST_HOOK')}", format: json }] }
console:
  users:
    - { name: alice, role: operator, passwordHash: "${envRef('PF_TEST_ALICE')}" }
    - { name: victor, role: viewer, passwordHash: "${envRef('PF_TEST_VICTOR')}" }
${consoleExtra}`,
  );
  const assets = join(dir, 'site', 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(assets, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dir, 'site', 'outside.txt'), 'OUTSIDE-THE-ASSETS');
  const built = await buildConsole(k.kernel, {
    log: silentLogger,
    secrets: [],
    identity: { name: 'test', pid: process.pid, version: 'test', venue: 'test' },
    assetsDir: assets,
  });
  built.ctx.state.start();
  const seen: string[] = [];
  const inject = async (o: InjectOptions) => {
    const res = await built.app.inject(o);
    seen.push(res.body, JSON.stringify(res.headers));
    return res;
  };
  return {
    k,
    built,
    app: built.app,
    seen,
    secrets: [
      hashes.alice,
      hashes.victor,
      PASSWORDS.alice,
      PASSWORDS.victor,
      WEBHOOK,
      STRATEGY_TOKEN,
      built.localToken,
    ],
    assets,
    inject,
    login: async (user) => {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json' },
        payload: { user, password: PASSWORDS[user] },
      });
      const set = String(res.headers['set-cookie'] ?? '');
      const cookie = /perpflow_session=[^;]+/.exec(set)?.[0] ?? '';
      const { csrfToken } = res.json<{ csrfToken: string }>();
      return { cookie, csrf: csrfToken };
    },
    stop: async () => {
      built.ctx.state.stop();
      built.ctx.hub.closeAll();
      await built.app.close();
      await stopWatcherKernel(k);
    },
  };
}

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { perpflow, type SimServer, startSim, tempDir } from './runHarness.ts';
import { venueExposure } from './venueCheck.ts';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSim(31);
}, 30_000);
afterAll(async () => {
  await sim.stop();
});

function liveConfig(url: string): string {
  const dir = tempDir();
  const path = join(dir, 'live.yaml');
  writeFileSync(
    path,
    `mode: live
venue: { url: "${url}", apiKey: "\${env:PF_TEST_KEY}", subaccount: "\${env:PF_TEST_SUB}" }
journal: { path: ${join(dir, 'journal.sqlite')} }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 500, maxTotalNotional: 1000, maxLeverage: 3, maxIntentsPerMinute: 30, dailyLossLimit: 100, maxDrawdownPct: 10 }
strategies:
  - { id: sma, module: sma-cross, markets: [BTCUSDT], interval: 1s, params: { fast: 2, slow: 3, notional: 100 } }
logging: { file: null }
`,
  );
  return path;
}

async function refused(
  url: string,
  env: Record<string, string>,
): Promise<{ code: number | null; text: string }> {
  const bot = perpflow(['run', liveConfig(url)], process.cwd(), env);
  const code = await bot.exited;
  return { code, text: bot.lines.join('\n') };
}

const SUB = '0x00000000000000000000000000000000000000b0';
const WELL_FORMED_KEY = `ix.${'ab'.repeat(32)}`;

describe('perpflow run in live mode refuses before any trade, naming the fix (exit 2)', () => {
  it('a plain-http venue beyond loopback', async () => {
    const r = await refused('http://venue.example.com', { PF_TEST_KEY: WELL_FORMED_KEY, PF_TEST_SUB: SUB });
    expect(r.code).toBe(2);
    expect(r.text).toContain(
      'venue.url: plain http is allowed only to a loopback host (localhost, 127.0.0.1, ::1), not venue.example.com; use https',
    );
  }, 30_000);

  it('a malformed API key', async () => {
    const r = await refused(sim.url, { PF_TEST_KEY: 'ix.1234', PF_TEST_SUB: SUB });
    expect(r.code).toBe(2);
    expect(r.text).toContain('venue.apiKey: expected an API key of the form ix. followed by 64 hex digits');
    expect(r.text).not.toContain('ix.1234');
  }, 30_000);

  it('a key that lacks the trading permissions on the subaccount', async () => {
    const acc = await bootstrapAccount(fetch, {
      baseUrl: sim.url,
      wallet: '0x00000000000000000000000000000000000000c1',
      permissions: ['VIEW_DETAILS'],
    });
    const r = await refused(sim.url, { PF_TEST_KEY: acc.apiKey, PF_TEST_SUB: acc.subaccount });
    expect(r.code).toBe(2);
    expect(r.text).toContain(
      `the key lacks OPEN_POSITION, CLOSE_POSITION, CANCEL_POSITION on subaccount ${acc.subaccount}: delegate them with \`perpflow account delegate --key-id <id> --permissions OPEN_POSITION,CLOSE_POSITION,CANCEL_POSITION\``,
    );
    expect(r.text).not.toContain(acc.apiKey);
  }, 30_000);

  it('a subaccount whose API access is disabled', async () => {
    const acc = await bootstrapAccount(fetch, {
      baseUrl: sim.url,
      wallet: '0x00000000000000000000000000000000000000c2',
    });
    const off = await fetch(`${sim.url}/v1/account-auth/subaccount/toggle-access`, {
      method: 'POST',
      headers: { authorization: `Bearer ${acc.jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subaccountAddress: acc.subaccount, chainId: acc.chainId, enable: false }),
    });
    expect(off.status).toBe(200);
    const r = await refused(sim.url, { PF_TEST_KEY: acc.apiKey, PF_TEST_SUB: acc.subaccount });
    expect(r.code).toBe(2);
    expect(r.text).toContain('enable API access with `perpflow account subaccount enable`');
    expect(await venueExposure(sim.url, acc.wallet)).toEqual(new Map());
  }, 30_000);
});

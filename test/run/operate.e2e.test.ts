import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { envRef } from '../../src/config/envReference.ts';
import { parsePromText } from '../report/parsePromText.ts';
import { fastConfig, MAIN, perpflow, tempDir, until } from './runHarness.ts';

const exec = promisify(execFile);
const KEY_OR_JWT = /ix\.[0-9a-f]{16}|eyJ[A-Za-z0-9_-]{10,}\.eyJ/i;
const HOOK_TOKEN = 'T0K3N-d4f1c9e07b3a4a2e9c55';

/** A chat webhook stand-in: collects every JSON body posted to it. */
async function webhookReceiver() {
  const bodies: { notification: { kind: string; title: string } }[] = [];
  const raw: string[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => {
      text += c.toString();
    });
    req.on('end', () => {
      raw.push(text);
      bodies.push(JSON.parse(text) as (typeof bodies)[number]);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/${HOOK_TOKEN}`, bodies, raw, close: () => server.close() };
}

const cli = async (args: string[]) => (await exec(process.execPath, [MAIN, ...args])).stdout;

describe('operating a running bot', () => {
  it('serves /health and Prometheus /metrics, posts fills and a halt to a webhook, obeys `perpflow halt`, and shows no secret anywhere', async () => {
    const hook = await webhookReceiver();
    const dir = tempDir();
    const cfg = fastConfig(dir, {
      mode: 'dry-run',
      extra: `notify: { webhooks: [{ url: "${envRef('PF_HOOK')}", format: json }] }\n`,
    });
    const bot = perpflow(['run', cfg], process.cwd(), { PF_HOOK: hook.url });
    await until(() => bot.count(/ opened BTCUSDT /) >= 1, 45_000, 'a first fill', bot);
    const statusLine = bot.lines.find((l) => l.includes('status: http://127.0.0.1:')) as string;
    const base = /status: (http:\/\/127\.0\.0\.1:\d+)\/health/.exec(statusLine)?.[1] as string;

    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
    const metricsText = await (await fetch(`${base}/metrics`)).text();
    const samples = parsePromText(metricsText);
    const value = (name: string, labels: Record<string, string>) =>
      samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        ?.value ?? 0;
    expect(value('perpflow_fills_total', { strategy: 'sma-fast', market: 'BTCUSDT' })).toBeGreaterThan(0);
    expect(value('perpflow_intents_total', { strategy: 'sma-fast', outcome: 'accepted' })).toBeGreaterThan(0);
    expect(value('perpflow_risk_state', { state: 'active' })).toBe(1);
    expect(value('perpflow_price_polls_total', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(value('perpflow_venue_request_seconds_count', { operation: 'openPosition' })).toBeGreaterThan(0);
    // A dry run's engine is in process and tells each outcome as it decides it: nothing is polled.
    expect(value('perpflow_status_polls_total', {})).toBe(0);
    expect(value('perpflow_journal_commit_seconds_count', {})).toBeGreaterThan(0);

    const journal = join(dir, 'journal.dry-run.sqlite');
    const status = await cli(['status', '--journal', journal, '--json']);
    const halt = JSON.parse(await cli(['halt', '--journal', journal, '--json'])) as {
      halted: { signalled: { pid: number }[] }[];
    };
    expect(halt.halted[0]?.signalled.map((b) => b.pid)).toEqual([bot.child.pid]);
    await until(() => bot.count(/HALT_SIGNAL: halt requested/) === 1, 20_000, 'the bot to halt', bot);
    await until(
      () => hook.bodies.some((b) => b.notification.kind === 'halt'),
      20_000,
      'the halt webhook',
      bot,
    );
    expect((await fetch(`${base}/health`)).status).toBe(503);

    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);
    hook.close();
    expect(hook.bodies.filter((b) => b.notification.kind === 'fill').length).toBeGreaterThan(0);
    const outputs = [...bot.lines, metricsText, status, ...hook.raw].join('\n');
    expect(outputs).not.toMatch(KEY_OR_JWT);
    // The webhook URL carries a token: the bot may name the host, never the path.
    expect(bot.lines.join('\n')).not.toContain(HOOK_TOKEN);
  }, 90_000);
});

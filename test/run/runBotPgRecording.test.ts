import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCHER_DIED } from '../../bin/launcherLifeline.js';
import { runBot } from '../../src/kernel/runBot.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';
import '../setup/hostDir.ts';
import { botIn, messages, quiet, waitFor } from './inProcessBot.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function query(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

describe('`perpflow run` in process: a sim bot on a PostgreSQL journal, recording into it', () => {
  it('says each recording batch the database refuses, and trades on to an orderly stop', async () => {
    const url = await server.freshDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const running = runBot({
      configFile: botIn(dir, '', 'BTCUSDT', {
        flip: false,
        journal: `{ url: ${JSON.stringify(url)}, leaseTtlMs: 60000, leaseRenewMs: 10000 }`,
      }),
      out: quiet,
    });
    await waitFor(() => messages(dir).some((m) => m.startsWith('trading: ')));
    // The recording's append gone from the database (the journal's commits are untouched).
    await query(url, 'ALTER FUNCTION perpflow_record RENAME TO perpflow_record_gone');
    const refused = () => messages(dir).filter((m) => m.startsWith('recording: a batch was not written ('));
    await waitFor(() => refused().length > 0, 20_000);
    // Stopped as when its launcher dies: a SIGTERM here would also reach the embedded server's exit hook.
    (process as NodeJS.EventEmitter).emit(LAUNCHER_DIED, 4242);
    expect(await running).toBe(0);
    expect(refused()[0]).toMatch(
      /^recording: a batch was not written \(.*perpflow_record.*does not exist.*\)$/,
    );
    expect(messages(dir)).toContain(
      'the launcher (pid 4242) died: stopping — no new intents; in-flight requests get 500 ms',
    );
    expect(messages(dir).filter((m) => m.startsWith('stopped: '))).toHaveLength(1);
  }, 180_000);
});

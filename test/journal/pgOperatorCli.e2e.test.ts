import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { perpflow } from '../run/runHarness.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

async function cli(args: readonly string[]): Promise<{ code: number | null; out: string }> {
  const p = perpflow(args);
  const code = await p.exited;
  return { code, out: p.lines.join('\n') };
}

describe('perpflow status, halt and resume on a PostgreSQL journal', () => {
  it('read the lease holder and open requests, latch and clear the halt, never print the password', async () => {
    const url = await server.freshDatabase();
    const password = new URL(url).password;
    // This test process holds the lease: `halt` signals it, as it signals a bot on this host.
    let signals = 0;
    const onSignal = () => signals++;
    process.on('SIGUSR2', onSignal);
    const j = await openPostgresJournal({
      url,
      clock: new VirtualClock(),
      scope: 'venue:test',
      renewMs: 60_000,
    });
    try {
      j.insertRequests([sampleOpenRecord(1), sampleOpenRecord(2)]);
      j.transition(sampleOpenRecord(2).clientRequestId, 'NOT_SENT');
      await j.pendingCommit();
      const status = await cli(['status', '--journal', url, '--json']);
      expect(status.code).toBe(0);
      const s = JSON.parse(status.out) as {
        tradingState: string;
        lease: { pid: number }[];
        open: { id: string }[];
      };
      expect([s.tradingState, s.lease.map((l) => l.pid), s.open.map((r) => r.id)]).toEqual([
        'active',
        [process.pid],
        ['cr_1'],
      ]);
      const halt = await cli(['halt', '--journal', url, '--json']);
      expect(halt.code).toBe(0);
      expect(JSON.parse(halt.out)).toMatchObject({
        tradingState: 'halted',
        signalled: `sent SIGUSR2 to pid ${process.pid}`,
      });
      expect(signals).toBe(1);
      expect(JSON.parse((await cli(['status', '--journal', url, '--json'])).out)).toMatchObject({
        tradingState: 'halted',
      });
      const resume = await cli(['resume', '--journal', url]);
      expect(resume.out).toMatch(/^trading active in postgres:\/\/127\.0\.0\.1:\d+\//);
      expect(JSON.parse((await cli(['status', '--journal', url, '--json'])).out)).toMatchObject({
        tradingState: 'active',
      });
      for (const out of [status.out, halt.out, resume.out]) expect(out).not.toContain(password);
    } finally {
      process.off('SIGUSR2', onSignal);
      j.abandon();
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';
import { fastConfig, type Proc, perpflow, tempDir, until } from '../run/runHarness.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

/** Starts the bot, waits until it serves /health (signals handled), stops it with SIGINT. */
async function startAndStop(args: readonly string[], env: Record<string, string>): Promise<Proc> {
  const bot = perpflow(['run', ...args], process.cwd(), env);
  await until(() => bot.count(/ status: http/) >= 1, 45_000, 'the bot to start', bot);
  bot.child.kill('SIGINT');
  expect(await bot.exited).toBe(0);
  return bot;
}

describe('a dry run with --journal postgres://', () => {
  it("keeps its paper account in that database: it neither continues nor changes the SQLite dry run's", async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    // A dry run on the config's SQLite journal that left a position in its paper account.
    const sqlite = perpflow(['run', cfg], process.cwd(), env);
    await until(() => sqlite.count(/ opened BTCUSDT /) >= 1, 60_000, 'a first open', sqlite);
    sqlite.child.kill('SIGINT');
    expect(await sqlite.exited).toBe(0);
    const paperFile = join(dir, 'journal.dry-run.paper.json');
    const sqlitePaper = readFileSync(paperFile, 'utf8');

    const url = await server.freshDatabase();
    const first = (await startAndStop([cfg, '--journal', url], env)).lines.join('\n');
    expect(first).not.toContain('paper account continued');
    expect(first).not.toContain('RECONCILED');
    expect(readFileSync(paperFile, 'utf8')).toBe(sqlitePaper);
    const status = perpflow(['status', '--journal', url, '--json'], process.cwd(), env);
    expect(await status.exited).toBe(0);
    expect(JSON.parse(status.lines.join('\n'))).toMatchObject({
      externalPositions: 0,
      paperAccount: expect.stringMatching(
        /^postgres:\/\/127\.0\.0\.1:\d+\/postgres \(paper account of venue:/,
      ),
    });

    const again = (await startAndStop([cfg, '--journal', url], env)).lines.join('\n');
    expect(again).toMatch(
      /paper account continued from postgres:\/\/127\.0\.0\.1:\d+\/postgres \(paper account of venue:/,
    );
    expect(readFileSync(paperFile, 'utf8')).toBe(sqlitePaper);
  }, 180_000);
});

import { afterAll, afterEach, beforeAll } from 'vitest';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';
import { type Proc, type SimServer, startSim, tempDir } from '../run/runHarness.ts';
import { failoverConfig, startBot } from './failoverHarness.ts';

export interface FailoverSuite {
  /** A simulator of `seed`, a fresh database, and a failover config on both in a fresh folder. */
  readonly setUp: (seed: number) => Promise<{ simUrl: string; dbUrl: string; cfg: string }>;
  /** `p`, killed after the test if it still runs. */
  readonly track: (p: Proc) => Proc;
  /** `perpflow run CONFIG`, killed after the test if it still runs. */
  readonly bot: (cfg: string) => Proc;
}

/**
 * The hooks of a failover test file: one PostgreSQL for the file; after each test, every process it
 * started is killed and its simulator stopped. Call once, at the top of the file.
 */
export function failoverSuite(): FailoverSuite {
  let pg: PgServer | undefined;
  let sim: SimServer | undefined;
  const procs: Proc[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterEach(async () => {
    for (const p of procs.splice(0))
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await sim?.stop();
    sim = undefined;
  });
  afterAll(async () => {
    await pg?.stop();
  });
  const track = (p: Proc): Proc => {
    procs.push(p);
    return p;
  };
  return {
    setUp: async (seed) => {
      if (pg === undefined) throw new Error('failoverSuite: PostgreSQL did not start');
      sim = await startSim(seed);
      const dbUrl = await pg.freshDatabase();
      return { simUrl: sim.url, dbUrl, cfg: failoverConfig(tempDir(), sim.url, dbUrl) };
    },
    track,
    bot: (cfg) => track(startBot(cfg)),
  };
}

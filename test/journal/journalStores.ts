import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import type { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { JournalPort } from '../../src/journal/JournalPort.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import type { PgServer } from './pgServer.ts';

/** One kind of journal store, as the contract suite opens it. */
export interface JournalStore {
  readonly name: string;
  /** Whether what a commit made durable outlives the process (a file, a database). */
  readonly durable: boolean;
  /** Fresh storage: `open` opens a journal on it, again after a close or a crash. */
  fresh(): Promise<{ open(clock: VirtualClock): Promise<JournalPort> }>;
}

export const SCOPE = 'venue:test:0xsub';

const opened: JournalPort[] = [];

/** Every journal a test opened and left open, as a killed process would leave it. */
export function abandonAll(): void {
  for (const j of opened.splice(0)) j.abandon();
}

function track(j: JournalPort): JournalPort {
  opened.push(j);
  return j;
}

export function journalStores(pg: () => PgServer): JournalStore[] {
  return [
    {
      name: 'SQLite',
      durable: true,
      async fresh() {
        const path = join(mkdtempSync(join(tmpdir(), 'pf-contract-')), 'j.sqlite');
        return { open: async (clock) => track(openJournal({ path, clock }).journal) };
      },
    },
    {
      // As the kernel opens it: the writes of a turn share one commit (TurnCommit).
      name: 'SQLite, group commit',
      durable: true,
      async fresh() {
        const path = join(mkdtempSync(join(tmpdir(), 'pf-contract-')), 'j.sqlite');
        return { open: async (clock) => track(openJournal({ path, clock, groupCommit: true }).journal) };
      },
    },
    {
      name: 'memory',
      durable: false,
      async fresh() {
        return { open: async (clock) => track(new MemoryJournal(clock)) };
      },
    },
    {
      name: 'PostgreSQL',
      durable: true,
      async fresh() {
        const url = await pg().freshDatabase();
        // A reopen after a crash waits as a standby for the dead holder's lease to expire (0.3 s
        // by the database's clock); a virtual clock never renews, so no test keeps a lease alive.
        const open = (clock: VirtualClock) =>
          openPostgresJournal({
            url,
            clock,
            scope: SCOPE,
            leaseTtlMs: 300,
            renewMs: 50,
            onStandby: () => {},
            waitClock: new SystemClock(),
          });
        return { open: async (clock) => track(await open(clock)) };
      },
    },
  ];
}

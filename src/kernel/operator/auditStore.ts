import type { JournalPort } from '../../journal/JournalPort.ts';
import type { AuditEntry } from '../../operate/api/contract.ts';

/** Journal meta keys: one entry per operator action, and the list of their ids in order. */
export const AUDIT_PREFIX = 'operatorAction:';
export const AUDIT_INDEX = 'operatorActions';

/** The ids of the audit, oldest first, as the journal lists them. */
export function auditIds(journal: Pick<JournalPort, 'getMeta'>): string[] {
  const raw = journal.getMeta(AUDIT_INDEX);
  if (raw === undefined) return [];
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Every audited action in the journal, oldest first (a damaged entry is skipped, not fatal). */
export function readAudit(journal: Pick<JournalPort, 'getMeta'>): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const id of auditIds(journal)) {
    const raw = journal.getMeta(AUDIT_PREFIX + id);
    if (raw === undefined) continue;
    try {
      const entry: AuditEntry = JSON.parse(raw);
      out.push(entry);
    } catch {
      // a hand-edited or truncated row: the rest of the audit still reads
    }
  }
  return out;
}

/**
 * The operator audit, kept in the journal's meta (every store has it, PostgreSQL commits it with
 * the turn's other writes, and `perpflow status` reads it from the file), mirrored in memory.
 * An entry is written once per action id: it is also what makes a retried click a duplicate.
 */
export class AuditStore {
  private readonly journal: JournalPort;
  private readonly entries: AuditEntry[];
  private readonly byId = new Map<string, AuditEntry>();

  constructor(journal: JournalPort) {
    this.journal = journal;
    this.entries = readAudit(journal);
    for (const e of this.entries) this.byId.set(e.actionId, e);
  }

  get(actionId: string): AuditEntry | undefined {
    return this.byId.get(actionId);
  }

  /** Journals the entry and its place in the index in one transaction. */
  record(entry: AuditEntry): void {
    this.journal.write('operator action', () => {
      this.journal.setMeta(AUDIT_PREFIX + entry.actionId, JSON.stringify(entry));
      this.journal.setMeta(
        AUDIT_INDEX,
        JSON.stringify([...this.entries.map((e) => e.actionId), entry.actionId]),
      );
    });
    this.entries.push(entry);
    this.byId.set(entry.actionId, entry);
  }

  /** The latest `limit` entries, newest first. */
  latest(limit = 100): AuditEntry[] {
    return this.entries.slice(-limit).reverse();
  }
}

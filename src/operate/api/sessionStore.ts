import { createHash } from 'node:crypto';
import { isRecord } from '../../domain/isRecord.ts';
import type { JournalPort } from '../../journal/JournalPort.ts';
import type { Role } from './contract.ts';

/** The journal meta key that keeps the console's sessions across a restart. */
export const SESSIONS_KEY = 'consoleSessions';

/** A session as kept: keyed by its id's hash, so the journal holds no cookie one could replay. */
export interface StoredSession {
  readonly user: string;
  readonly role: Role;
  readonly csrfToken: string;
  readonly createdAt: number;
  readonly lastSeen: number;
}

export type SessionJournal = Pick<JournalPort, 'getMeta' | 'setMeta' | 'write'>;

/** The hash a session is kept under (sha256 of the cookie value). */
export const sessionKey = (id: string): string => createHash('sha256').update(id).digest('base64url');

/** What the journal keeps; a damaged or hand-edited value is no session (everyone signs in again). */
export function loadSessions(j: SessionJournal): Map<string, StoredSession> {
  const out = new Map<string, StoredSession>();
  const raw = j.getMeta(SESSIONS_KEY);
  if (raw === undefined) return out;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return out;
    for (const [k, v] of Object.entries(parsed)) {
      if (!isRecord(v)) continue;
      const { user, role, csrfToken, createdAt, lastSeen } = v;
      if (
        typeof user === 'string' &&
        (role === 'viewer' || role === 'operator') &&
        typeof csrfToken === 'string' &&
        typeof createdAt === 'number' &&
        typeof lastSeen === 'number'
      )
        out.set(k, { user, role, csrfToken, createdAt, lastSeen });
    }
  } catch {
    // unreadable: no sessions survive, which only costs a sign-in
  }
  return out;
}

export function saveSessions(j: SessionJournal, sessions: ReadonlyMap<string, StoredSession>): void {
  j.write('console sessions', () => j.setMeta(SESSIONS_KEY, JSON.stringify(Object.fromEntries(sessions))));
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock/Clock.ts';
import type { Role } from './contract.ts';
import {
  loadSessions,
  type SessionJournal,
  type StoredSession,
  saveSessions,
  sessionKey,
} from './sessionStore.ts';

export interface Session {
  readonly id: string;
  readonly user: string;
  readonly role: Role;
  readonly csrfToken: string;
  readonly createdAt: number;
  lastSeen: number;
}

const token = (): string => randomBytes(32).toString('base64url');

/** Equal strings, compared in constant time (a token is never compared with `===`). */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A session's last use is written back at most this often (a request does not write the journal). */
const SEEN_SAVE_MS = 5 * 60_000;

export interface SessionPersistence {
  readonly journal: SessionJournal;
  /** The role a user has now (the config may have changed across the restart); undefined: gone. */
  readonly roleOf: (user: string) => Role | undefined;
}

/**
 * Sessions, each with its CSRF token, ending after `idleMs` without a request. With a journal they
 * survive a restart of the bot (an open page reconnects without signing in again): the journal
 * keeps each under its id's hash, never the cookie itself, and a kept session whose user the
 * config no longer names, or names with another role, is dropped or takes the new role. The
 * one-time login tokens of the loopback link live in memory only: each works once, within `linkMs`.
 */
export class Sessions {
  private readonly byId = new Map<string, Session>();
  /** What the journal keeps, by id hash; found lazily on a cookie's first use after a restart. */
  private readonly kept: Map<string, StoredSession>;
  private readonly persistence: SessionPersistence | undefined;
  private readonly links = new Map<
    string,
    { readonly user: string; readonly role: Role; readonly until: number }
  >();
  private readonly clock: Clock;
  private readonly idleMs: number;

  constructor(clock: Clock, idleMs = 12 * 3_600_000, persistence?: SessionPersistence) {
    this.clock = clock;
    this.idleMs = idleMs;
    this.persistence = persistence;
    this.kept = persistence === undefined ? new Map() : loadSessions(persistence.journal);
    const now = clock.now();
    for (const [k, v] of this.kept) if (now - v.lastSeen > idleMs) this.kept.delete(k);
  }

  open(user: string, role: Role): Session {
    const now = this.clock.now();
    const s: Session = { id: token(), user, role, csrfToken: token(), createdAt: now, lastSeen: now };
    this.byId.set(s.id, s);
    this.keep(s);
    return s;
  }

  /** The live session of a cookie value, its idle timer renewed. */
  find(id: string | undefined): Session | undefined {
    if (id === undefined) return undefined;
    const s = this.byId.get(id) ?? this.revive(id);
    if (s === undefined) return undefined;
    const now = this.clock.now();
    if (now - s.lastSeen > this.idleMs) {
      this.close(id);
      return undefined;
    }
    const saved = this.kept.get(sessionKey(id))?.lastSeen ?? now;
    s.lastSeen = now;
    if (now - saved > SEEN_SAVE_MS) this.keep(s);
    return s;
  }

  close(id: string | undefined): void {
    if (id === undefined) return;
    this.byId.delete(id);
    if (this.kept.delete(sessionKey(id))) this.save();
  }

  /** A session the journal kept from before a restart, under its user's role as the config says now. */
  private revive(id: string): Session | undefined {
    const k = sessionKey(id);
    const v = this.kept.get(k);
    if (v === undefined || this.persistence === undefined) return undefined;
    const role = this.persistence.roleOf(v.user);
    if (role === undefined) {
      this.kept.delete(k);
      this.save();
      return undefined;
    }
    const s: Session = {
      id,
      user: v.user,
      role,
      csrfToken: v.csrfToken,
      createdAt: v.createdAt,
      lastSeen: v.lastSeen,
    };
    this.byId.set(id, s);
    return s;
  }

  private keep(s: Session): void {
    if (this.persistence === undefined) return;
    const { user, role, csrfToken, createdAt, lastSeen } = s;
    this.kept.set(sessionKey(s.id), { user, role, csrfToken, createdAt, lastSeen });
    this.save();
  }

  private save(): void {
    if (this.persistence !== undefined) saveSessions(this.persistence.journal, this.kept);
  }

  /** A token for the one-time login link (`/?token=…`), valid once within `linkMs`. */
  oneTimeLink(user: string, role: Role, linkMs = 3_600_000): string {
    const t = token();
    this.links.set(t, { user, role, until: this.clock.now() + linkMs });
    return t;
  }

  /** Spends a one-time token: the session it opens, or undefined when unknown, used or expired. */
  spendLink(t: string): Session | undefined {
    const link = this.links.get(t);
    if (link === undefined) return undefined;
    this.links.delete(t);
    return link.until < this.clock.now() ? undefined : this.open(link.user, link.role);
  }
}

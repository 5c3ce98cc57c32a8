import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock/Clock.ts';
import type { Role } from './contract.ts';

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

/**
 * Sessions in memory (a restart logs everyone out: nothing to steal from disk), each with its
 * CSRF token, ending after `idleMs` without a request. The one-time login tokens of the loopback
 * link live here too: each works once, within `linkMs`.
 */
export class Sessions {
  private readonly byId = new Map<string, Session>();
  private readonly links = new Map<
    string,
    { readonly user: string; readonly role: Role; readonly until: number }
  >();
  private readonly clock: Clock;
  private readonly idleMs: number;

  constructor(clock: Clock, idleMs = 12 * 3_600_000) {
    this.clock = clock;
    this.idleMs = idleMs;
  }

  open(user: string, role: Role): Session {
    const now = this.clock.now();
    const s: Session = { id: token(), user, role, csrfToken: token(), createdAt: now, lastSeen: now };
    this.byId.set(s.id, s);
    return s;
  }

  /** The live session of a cookie value, its idle timer renewed. */
  find(id: string | undefined): Session | undefined {
    if (id === undefined) return undefined;
    const s = this.byId.get(id);
    if (s === undefined) return undefined;
    const now = this.clock.now();
    if (now - s.lastSeen > this.idleMs) {
      this.byId.delete(id);
      return undefined;
    }
    s.lastSeen = now;
    return s;
  }

  close(id: string | undefined): void {
    if (id !== undefined) this.byId.delete(id);
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

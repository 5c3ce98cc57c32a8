import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock/Clock.ts';
import type { OperatorAction } from '../api/contract.ts';
import type { ActionDraft } from './parseCommand.ts';

interface Pending {
  readonly action: OperatorAction;
  readonly userId: number;
  readonly at: number;
}

export type Taken =
  | { readonly ok: true; readonly action: OperatorAction }
  | { readonly ok: false; readonly why: string };

/**
 * Acting commands waiting for their button. Kept in memory only: after a restart every old button
 * answers "expired", and a button is good for `maxAgeMs` and for one press by the user who asked.
 */
export class Confirmations {
  private readonly pending = new Map<string, Pending>();
  private readonly clock: Clock;
  private readonly maxAgeMs: number;

  constructor(clock: Clock, maxAgeMs: number) {
    this.clock = clock;
    this.maxAgeMs = maxAgeMs;
  }

  /** The action with its id (a fresh one per command: the id a retried press is recognised by). */
  offer(draft: ActionDraft, userId: number): OperatorAction {
    this.prune();
    const actionId = `tg-${randomBytes(12).toString('base64url')}`;
    const action: OperatorAction = { ...draft, actionId };
    this.pending.set(actionId, { action, userId, at: this.clock.now() });
    return action;
  }

  take(actionId: string, userId: number): Taken {
    this.prune();
    const p = this.pending.get(actionId);
    if (p === undefined) return { ok: false, why: 'This button has expired or was already used.' };
    if (p.userId !== userId) return { ok: false, why: 'Only the user who asked can confirm.' };
    this.pending.delete(actionId);
    return { ok: true, action: p.action };
  }

  private prune(): void {
    const oldest = this.clock.now() - this.maxAgeMs;
    for (const [id, p] of this.pending) if (p.at < oldest) this.pending.delete(id);
  }
}

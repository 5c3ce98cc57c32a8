import { Subject } from 'rxjs';
import type { Executor } from '../../execution/Executor.ts';
import type { Logger } from '../../log/Logger.ts';
import { describeError } from '../../log/redact.ts';
import type {
  ActionOutcome,
  Actor,
  AuditEntry,
  OperatorAction,
  OperatorActions,
} from '../../operate/api/contract.ts';
import { applyAction } from './applyAction.ts';
import { AuditStore } from './auditStore.ts';
import { StrategyPauses } from './strategyPauses.ts';

/** A client's action id: a UUID or any short token (it becomes part of intent and request ids). */
export const ACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The one implementation of the operator's actions (CLI, control API, console, Telegram call it).
 * Each action is done once per action id: a retry, even one that arrives while the first is still
 * under way, answers the first outcome as a duplicate; the intents it makes carry the id too, so
 * the executor's own duplicate check holds across a restart. Every outcome is audited.
 */
export class KernelActions implements OperatorActions {
  readonly audit$ = new Subject<AuditEntry>();
  /** Strategies an operator paused: journaled, read back at start. */
  readonly pauses: StrategyPauses;
  private readonly store: AuditStore;
  private readonly running = new Map<string, Promise<ActionOutcome>>();
  private readonly o: { readonly executor: Executor; readonly log: Logger };
  private readonly strategyIds: ReadonlySet<string>;

  constructor(o: {
    readonly executor: Executor;
    readonly strategyIds: readonly string[];
    readonly log: Logger;
  }) {
    this.o = o;
    this.strategyIds = new Set(o.strategyIds);
    this.pauses = new StrategyPauses(o.executor.journal, o.strategyIds);
    this.store = new AuditStore(o.executor.journal);
  }

  async act(action: OperatorAction, actor: Actor): Promise<ActionOutcome> {
    const id = action.actionId;
    if (typeof id !== 'string' || !ACTION_ID.test(id))
      return { status: 'refused', actionId: String(id), reason: 'actionId: 1–64 letters, digits, _ or -' };
    // Synchronous from the look-up to `running.set`: a second click in between finds the first.
    const done = this.store.get(id)?.outcome;
    if (done !== undefined) return { status: 'duplicate', actionId: id, first: done };
    const under = this.running.get(id);
    if (under !== undefined) return { status: 'duplicate', actionId: id, first: await under };
    const doing = this.apply(action, actor);
    this.running.set(id, doing);
    try {
      return await doing;
    } finally {
      this.running.delete(id);
    }
  }

  private async apply(action: OperatorAction, actor: Actor): Promise<ActionOutcome> {
    const { executor, log } = this.o;
    const at = executor.clock.now();
    let outcome: ActionOutcome;
    try {
      outcome = executor.alive()
        ? await applyAction({ executor, pauses: this.pauses, strategyIds: this.strategyIds }, action, actor)
        : { status: 'refused', actionId: action.actionId, reason: 'the bot is stopping' };
    } catch (e) {
      outcome = { status: 'refused', actionId: action.actionId, reason: describeError(e) };
    }
    const detail = outcome.status === 'refused' ? `refused: ${outcome.reason}` : outcome.status;
    log.warn(`operator ${action.kind} by ${actor.name} (${actor.via}, ${actor.from}): ${detail}`);
    this.record(
      { actionId: action.actionId, at, actor, action, outcome },
      `operator action ${action.actionId}`,
    );
    return outcome;
  }

  /**
   * Audits what reached the bot outside `act`: the kill switch's signal from `perpflow halt` or
   * `resume`, which carries no id and no name (the journal latch is the action itself).
   */
  noteSignal(kind: 'halt' | 'resume', detail: string): void {
    const at = this.o.executor.clock.now();
    let actionId = `signal_${at}`;
    for (let n = 1; this.store.get(actionId) !== undefined; n++) actionId = `signal_${at}_${n}`;
    this.record(
      {
        actionId,
        at,
        actor: { via: 'cli', name: `perpflow ${kind}`, from: 'local (SIGUSR2)' },
        action: { kind, actionId },
        outcome: { status: 'accepted', actionId, requests: [], detail },
      },
      `${kind} signal`,
    );
  }

  /** Journals the entry (a journal that fails is logged: the action is done either way) and tells the listeners. */
  private record(entry: AuditEntry, what: string): void {
    try {
      this.store.record(entry);
    } catch (e) {
      this.o.log.error(`${what} not audited: ${describeError(e)}`);
    }
    this.audit$.next(entry);
  }

  audit(limit?: number): readonly AuditEntry[] {
    return this.store.latest(limit);
  }
}

/**
 * Lets a tap hear every operator action before it is applied, and every signal (SIGUSR2: halt,
 * or the resume `perpflow resume` flags) as it is noted (a session recording).
 */
export function tapActions(
  actions: KernelActions,
  tap: {
    readonly action?: (a: OperatorAction, by: Actor) => void;
    readonly signal?: (kind: 'halt' | 'resume') => void;
  } = {},
): void {
  const { action: onAction, signal: onSignal } = tap;
  if (onAction !== undefined) {
    const act = actions.act.bind(actions);
    actions.act = (action, by) => {
      onAction(action, by);
      return act(action, by);
    };
  }
  if (onSignal !== undefined) {
    const note = actions.noteSignal.bind(actions);
    actions.noteSignal = (kind, detail) => {
      onSignal(kind);
      note(kind, detail);
    };
  }
}

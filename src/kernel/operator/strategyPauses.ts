import type { Intent } from '../../domain/intent.ts';
import type { JournalPort } from '../../journal/JournalPort.ts';

/** Journal meta key of an operator's pause: it survives a restart, as the halt latch does. */
export const PAUSED_PREFIX = 'strategyPaused:';

/**
 * Strategies an operator paused. A paused strategy's hooks still run (its indicators stay warm,
 * its state current); what it emits is dropped here, before the executor, and counted.
 */
export class StrategyPauses {
  private readonly journal: JournalPort;
  private readonly paused = new Set<string>();
  private readonly dropped = new Map<string, number>();

  constructor(journal: JournalPort, strategyIds: readonly string[]) {
    this.journal = journal;
    for (const id of strategyIds) if (journal.getMeta(PAUSED_PREFIX + id) !== undefined) this.paused.add(id);
  }

  isPaused(strategyId: string): boolean {
    return this.paused.has(strategyId);
  }

  /** Intents dropped while paused, this run. */
  droppedOf(strategyId: string): number {
    return this.dropped.get(strategyId) ?? 0;
  }

  /** True (and counted) when `intent` comes from a paused strategy: the caller drops it. */
  drops(intent: Intent): boolean {
    if (this.paused.size === 0 || !this.paused.has(intent.strategyId)) return false;
    this.dropped.set(intent.strategyId, this.droppedOf(intent.strategyId) + 1);
    return true;
  }

  /** Journals the pause (`by` says who) before it takes effect. */
  pause(strategyId: string, by: string): void {
    this.journal.setMeta(PAUSED_PREFIX + strategyId, by);
    this.paused.add(strategyId);
  }

  unpause(strategyId: string): void {
    this.journal.deleteMeta(PAUSED_PREFIX + strategyId);
    this.paused.delete(strategyId);
  }
}

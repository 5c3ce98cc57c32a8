import type { ClientRequestId, IntentId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import type { RequestPatch, RequestTransition } from './JournalPort.ts';
import { RequestCache } from './RequestCache.ts';

/**
 * What both journals answer from memory, the same way: requests by id and by intent, the open
 * ones and their count. Each journal keeps the cache current as it writes (`cache.remember`).
 */
export abstract class CachedRequestReads {
  protected readonly cache = new RequestCache();

  abstract transitionMany(changes: readonly RequestTransition[]): RequestRecord[];

  transition(id: ClientRequestId, to: RequestStatus, patch?: RequestPatch, note?: string): RequestRecord {
    const [record] = this.transitionMany([
      { id, to, ...(patch ? { patch } : {}), ...(note ? { note } : {}) },
    ]);
    if (record === undefined) throw new Error(`transitionMany answered no record for ${id}`);
    return record;
  }

  get(id: ClientRequestId): RequestRecord | undefined {
    return this.cache.get(id);
  }

  byIntent(intentId: IntentId): readonly RequestRecord[] {
    return this.cache.byIntent(intentId);
  }

  all(): RequestRecord[] {
    return this.cache.all();
  }

  /** Requests without a terminal status: what recovery must settle. */
  nonTerminal(): RequestRecord[] {
    return this.cache.nonTerminal();
  }

  /** How many `nonTerminal` would list, without building the list. */
  nonTerminalCount(): number {
    return this.cache.nonTerminalCount();
  }
}

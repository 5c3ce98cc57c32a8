import type { ClientRequestId, IntentId, StrategyId } from './ids.ts';

/** Whose intent a request served, and when it was decided: what pairs a fill with its intent. */
export interface RequestOrigin {
  readonly clientRequestId: ClientRequestId;
  readonly intentId: IntentId;
  readonly strategyId: StrategyId;
  readonly createdAt: number;
}

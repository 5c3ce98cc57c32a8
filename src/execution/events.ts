import type { Subject } from 'rxjs';
import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId, IntentId, StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import type { RecordKind, RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import type { PositionSide } from '../domain/side.ts';
import type { DenialReason } from '../risk/denialReason.ts';
import type { RiskEvent } from '../risk/riskEvents.ts';
import { EventBus } from './EventBus.ts';

export type { AlertSeverity } from '../risk/riskEvents.ts';

/** Everything the execution core reports; the kernel, logs and reports subscribe. */
export type ExecutionEvent =
  | {
      readonly type: 'intentAccepted';
      readonly intentId: IntentId;
      readonly clientRequestIds: readonly ClientRequestId[];
    }
  | {
      readonly type: 'intentDenied';
      readonly intent: Intent;
      readonly reason: DenialReason;
      readonly message: string;
    }
  | { readonly type: 'intentDuplicate'; readonly intentId: IntentId }
  | {
      readonly type: 'requestTransition';
      readonly clientRequestId: ClientRequestId;
      readonly from: RequestStatus;
      readonly to: RequestStatus;
      readonly record: RequestRecord;
    }
  | { readonly type: 'fillApplied'; readonly fill: Fill }
  /** One call that submits to the venue (single, batch or close-all), emitted before it is sent. */
  | {
      readonly type: 'venueCall';
      readonly call: 'submit' | 'batch' | 'closeAll';
      readonly kind: RecordKind;
      readonly requests: number;
    }
  | {
      readonly type: 'externalPositionAdopted';
      readonly positionKey: string;
      readonly symbol: string;
      readonly side: PositionSide;
      readonly quantity: string;
    }
  /** The venue closed a position by firing a TP/SL we set; booked to the lot's strategy. */
  | {
      readonly type: 'tpslClosed';
      readonly quoteId: string;
      readonly strategyId: StrategyId | null;
      readonly symbol: string;
      readonly side: PositionSide;
      readonly leg: 'takeProfit' | 'stopLoss';
      readonly quantity: string;
      /** The venue's fill price of the close; the trigger level when `estimated` (the venue named no close). */
      readonly price: string;
      readonly estimated: boolean;
    }
  | { readonly type: 'reconciled'; readonly at: number; readonly unresolved: number }
  | RiskEvent;

export type EventSink = (event: ExecutionEvent) => void;

/** The bus: an RxJS Subject, so subscribers get operators (filter by type, buffer, …). */
export function createEventBus(): Subject<ExecutionEvent> {
  return new EventBus<ExecutionEvent>();
}

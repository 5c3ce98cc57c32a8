import { Subject } from 'rxjs';
import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId, IntentId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import type { PositionSide } from '../domain/side.ts';
import type { DenialReason } from '../risk/denialReason.ts';
import type { Capability, TradingState } from '../risk/tradingState.ts';

export type AlertSeverity = 'info' | 'warning' | 'critical';

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
  | {
      readonly type: 'externalPositionAdopted';
      readonly positionKey: string;
      readonly symbol: string;
      readonly side: PositionSide;
      readonly quantity: string;
    }
  | { readonly type: 'reconciled'; readonly at: number; readonly unresolved: number }
  | {
      readonly type: 'alert';
      readonly severity: AlertSeverity;
      readonly code: string;
      readonly message: string;
    }
  | {
      readonly type: 'tradingStateChanged';
      readonly from: TradingState;
      readonly to: TradingState;
      readonly reason: string;
    }
  | { readonly type: 'capabilityHalted'; readonly capability: Capability; readonly reason: string };

export type EventSink = (event: ExecutionEvent) => void;

/** The bus: an RxJS Subject, so subscribers get operators (filter by type, buffer, …). */
export function createEventBus(): Subject<ExecutionEvent> {
  return new Subject<ExecutionEvent>();
}

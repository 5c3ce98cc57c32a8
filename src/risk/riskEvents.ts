import type { Capability, TradingState } from './tradingState.ts';

export type AlertSeverity = 'info' | 'warning' | 'critical';

/** What the risk gate reports; the executor's event union includes these. */
export type RiskEvent =
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

export type RiskEventSink = (event: RiskEvent) => void;

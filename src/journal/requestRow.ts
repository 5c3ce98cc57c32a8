import {
  BatchId,
  ClientRequestId,
  IntentId,
  MarketSymbol,
  QuoteId,
  StrategyId,
  TempId,
} from '../domain/ids.ts';
import { Decimal, dec } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import type { PositionSide } from '../domain/side.ts';
import type { RequestKind, VenueStatus } from '../domain/venueStatus.ts';

/** A `requests` row as node:sqlite returns it. */
export interface RequestRow {
  readonly client_request_id: string;
  readonly intent_id: string;
  readonly strategy_id: string;
  readonly kind: string;
  readonly symbol: string;
  readonly side: string | null;
  readonly quantity: string | null;
  readonly params: string;
  readonly status: string;
  readonly venue_status: string | null;
  readonly temp_id: string | null;
  readonly quote_id: string | null;
  readonly batch_id: string | null;
  readonly filled_quantity: string | null;
  readonly avg_price: string | null;
  readonly error_code: string | null;
  readonly reason: string | null;
  readonly created_at: number;
  readonly submitted_at: number | null;
  readonly updated_at: number;
}

/** Decimals inside params (the wire body) are stored as their exact text. */
export function paramsToJson(params: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(params, (_k, v: unknown) => (v instanceof Decimal ? v.toString() : v));
}

function opt<T>(v: string | number | null, f: (x: never) => T): T | undefined {
  return v === null ? undefined : f(v as never);
}

export function rowToRecord(r: RequestRow): RequestRecord {
  const record: Record<string, unknown> = {
    clientRequestId: ClientRequestId(r.client_request_id),
    intentId: IntentId(r.intent_id),
    strategyId: StrategyId(r.strategy_id),
    kind: r.kind as RequestKind,
    symbol: MarketSymbol(r.symbol),
    side: opt(r.side, (s: string) => s as PositionSide),
    quantity: opt(r.quantity, dec),
    params: JSON.parse(r.params) as Record<string, unknown>,
    status: r.status as RequestStatus,
    venueStatus: opt(r.venue_status, (s: string) => s as VenueStatus),
    tempId: opt(r.temp_id, TempId),
    quoteId: opt(r.quote_id, QuoteId),
    batchId: opt(r.batch_id, BatchId),
    filledQuantity: opt(r.filled_quantity, dec),
    avgPrice: opt(r.avg_price, dec),
    errorCode: opt(r.error_code, String),
    reason: opt(r.reason, String),
    createdAt: r.created_at,
    submittedAt: opt(r.submitted_at, Number),
    updatedAt: r.updated_at,
  };
  for (const k of Object.keys(record)) if (record[k] === undefined) delete record[k];
  return record as unknown as RequestRecord;
}

const s = (v: { toString(): string } | undefined): string | null => (v === undefined ? null : v.toString());

/** Named parameters for the insert/update statements. */
export function recordToParams(r: RequestRecord): Record<string, string | number | null> {
  return {
    client_request_id: r.clientRequestId,
    intent_id: r.intentId,
    strategy_id: r.strategyId,
    kind: r.kind,
    symbol: r.symbol,
    side: r.side ?? null,
    quantity: s(r.quantity),
    params: paramsToJson(r.params),
    status: r.status,
    venue_status: r.venueStatus ?? null,
    temp_id: r.tempId ?? null,
    quote_id: r.quoteId ?? null,
    batch_id: r.batchId ?? null,
    filled_quantity: s(r.filledQuantity),
    avg_price: s(r.avgPrice),
    error_code: r.errorCode ?? null,
    reason: r.reason ?? null,
    created_at: r.createdAt,
    submitted_at: r.submittedAt ?? null,
    updated_at: r.updatedAt,
  };
}

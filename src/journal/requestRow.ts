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
import type { RecordKind, RequestRecord } from '../domain/request.ts';
import { wireParams } from '../domain/requestOrder.ts';
import { REQUEST_STATUSES } from '../domain/requestStatus.ts';
import { PositionSide } from '../domain/side.ts';
import { RequestKind, VENUE_STATUSES } from '../domain/venueStatus.ts';
import { JournalRowError } from './JournalRowError.ts';
import { orderFromParams, RowFieldError } from './orderCodec.ts';
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
export function paramsToJson(params: object): string {
  return JSON.stringify(params, (_k, v: unknown) => (v instanceof Decimal ? v.toString() : v));
}

const KINDS: readonly RecordKind[] = [...Object.values(RequestKind), 'setTpSl'];

/**
 * A row read back, validated column by column (never cast): a row this version cannot read is a
 * JournalError naming the row and the field, before anything is sent on its account.
 */
export function rowToRecord(r: RequestRow): RequestRecord {
  let field = 'client_request_id';
  try {
    const col = <T>(name: string, v: T): T => {
      field = name;
      return v;
    };
    const str = (name: keyof RequestRow): string => {
      const v = col(name, r[name]);
      if (typeof v !== 'string' || v === '')
        throw new RowFieldError(name, `expected text, got ${JSON.stringify(v)}`);
      return v;
    };
    const optStr = (name: keyof RequestRow): string | undefined => (r[name] === null ? undefined : str(name));
    const num = (name: keyof RequestRow): number => {
      const v = col(name, r[name]);
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw new RowFieldError(name, `expected a number, got ${JSON.stringify(v)}`);
      return v;
    };
    const member = <T extends string>(name: keyof RequestRow, values: readonly T[]): T => {
      const v = str(name);
      if (!values.includes(v as T))
        throw new RowFieldError(name, `expected one of ${values.join(', ')}, got "${v}"`);
      return v as T;
    };
    const decimal = (name: keyof RequestRow): Decimal | undefined => {
      const v = optStr(name);
      if (v === undefined) return undefined;
      try {
        return dec(v);
      } catch {
        throw new RowFieldError(name, `expected a decimal, got "${v}"`);
      }
    };
    const kind = member('kind', KINDS);
    field = 'params';
    let bag: unknown;
    try {
      bag = JSON.parse(r.params);
    } catch {
      throw new RowFieldError('params', 'is not JSON');
    }
    if (typeof bag !== 'object' || bag === null || Array.isArray(bag))
      throw new RowFieldError('params', 'expected a JSON object');
    const order = orderFromParams(kind, bag as Record<string, unknown>);
    const record: Record<string, unknown> = {
      clientRequestId: ClientRequestId(str('client_request_id')),
      intentId: IntentId(str('intent_id')),
      strategyId: StrategyId(str('strategy_id')),
      kind,
      symbol: MarketSymbol(str('symbol')),
      side: r.side === null ? undefined : member('side', Object.values(PositionSide)),
      quantity: decimal('quantity'),
      order,
      params: wireParams(order),
      status: member('status', REQUEST_STATUSES),
      venueStatus: r.venue_status === null ? undefined : member('venue_status', VENUE_STATUSES),
      tempId: opt(optStr('temp_id'), TempId),
      quoteId: opt(optStr('quote_id'), QuoteId),
      batchId: opt(optStr('batch_id'), BatchId),
      filledQuantity: decimal('filled_quantity'),
      avgPrice: decimal('avg_price'),
      errorCode: optStr('error_code'),
      reason: r.reason === null ? undefined : col('reason', String(r.reason)),
      createdAt: num('created_at'),
      submittedAt: r.submitted_at === null ? undefined : num('submitted_at'),
      updatedAt: num('updated_at'),
    };
    for (const k of Object.keys(record)) if (record[k] === undefined) delete record[k];
    return record as unknown as RequestRecord;
  } catch (e) {
    const at = e instanceof RowFieldError ? e.field : field;
    const why = e instanceof Error ? e.message : String(e);
    throw new JournalRowError(String(r.client_request_id), at, why, e);
  }
}

const opt = <T>(v: string | undefined, f: (s: string) => T): T | undefined =>
  v === undefined ? undefined : f(v);

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

import { Decimal } from '../../domain/money.ts';
import {
  AuthError,
  OutcomeUnknownError,
  PermissionError,
  TransientVenueError,
  VenueProtocolError,
  VenueRejectedError,
} from '../../errors/venueErrors.ts';
import { redactText } from '../../log/redact.ts';

/**
 * How a recording writes what the venue answered, so that a replay gets the same values back:
 * JSON, with a Decimal as a string behind `§` (exact, no float) and an error as `{ $e: … }` with
 * what the core decides by (class, venue code, HTTP status, Retry-After, permission). Error
 * messages pass through the one redactor.
 */
const DECIMAL = '§';

export interface RecordedError {
  /** The class name. */
  readonly n: string;
  readonly m: string;
  /** VenueRejectedError's venue code. */
  readonly c?: string;
  /** HTTP status. */
  readonly s?: number;
  /** Retry-After, ms. */
  readonly r?: number;
  /** PermissionError's permission. */
  readonly p?: string;
}

export function encodeError(e: unknown): RecordedError {
  if (!(e instanceof Error)) return { n: 'Error', m: redactText(String(e)) };
  const field = (name: string): unknown => Reflect.get(e, name);
  const details = field('details');
  const status = typeof details === 'object' && details !== null ? Reflect.get(details, 'status') : undefined;
  const code = field('venueCode');
  const retry = field('retryAfterMs');
  const permission = field('permission');
  return {
    n: e.name,
    m: redactText(e.message),
    ...(typeof code === 'string' ? { c: code } : {}),
    ...(typeof status === 'number' ? { s: status } : {}),
    ...(typeof retry === 'number' ? { r: retry } : {}),
    ...(typeof permission === 'string' ? { p: permission } : {}),
  };
}

/** The error as the venue port threw it: the same class, code and status. */
export function decodeError(r: RecordedError): Error {
  const status = r.s === undefined ? {} : { status: r.s };
  switch (r.n) {
    case 'AuthError':
      return new AuthError(r.m, status);
    case 'PermissionError':
      return new PermissionError(r.m, { ...status, ...(r.p === undefined ? {} : { permission: r.p }) });
    case 'TransientVenueError':
      return new TransientVenueError(r.m, { ...status, ...(r.r === undefined ? {} : { retryAfterMs: r.r }) });
    case 'VenueRejectedError':
      return new VenueRejectedError(r.m, { ...status, venueCode: r.c ?? 'UNKNOWN' });
    case 'OutcomeUnknownError':
      return new OutcomeUnknownError(r.m, status);
    case 'VenueProtocolError':
      return new VenueProtocolError(r.m, status);
    default: {
      const e = new Error(r.m);
      e.name = r.n;
      return e;
    }
  }
}

/**
 * The value with every Decimal as `§` + its digits and every error as `{ $e }`: a copy walked in
 * JavaScript, about twice as fast as a JSON.stringify replacer (which crosses into JavaScript for
 * every key) on the recording's hot path.
 */
function prepared(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Decimal.isDecimal(v)) return DECIMAL + v.toString();
  if (v instanceof Error) return { $e: encodeError(v) };
  if (Array.isArray(v)) return v.map(prepared);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = prepared(x);
  return out;
}

function isRecordedError(x: unknown): x is RecordedError {
  return (
    typeof x === 'object' &&
    x !== null &&
    'n' in x &&
    'm' in x &&
    typeof x.n === 'string' &&
    typeof x.m === 'string'
  );
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.startsWith(DECIMAL)) return new Decimal(value.slice(1));
  if (typeof value === 'object' && value !== null && '$e' in value)
    if (isRecordedError(value.$e)) return decodeError(value.$e);
  return value;
}

/** One value as recording text: Decimals exact, errors by class. */
export function encodeValue(value: unknown): string {
  return JSON.stringify(prepared(value));
}

/** The value a recording line holds, as the type its writer gave it (the line kinds, recordLines.ts). */
export function decodeValue<T = unknown>(text: string): T {
  return JSON.parse(text, reviver);
}

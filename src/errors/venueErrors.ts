import { PerpflowError } from './PerpflowError.ts';

interface VenueErrorOptions {
  /** The endpoint, as `METHOD /v1/path`, never with a credential. */
  readonly endpoint?: string;
  readonly status?: number;
  readonly details?: Record<string, unknown>;
  readonly cause?: unknown;
}

function venueDetails(o: VenueErrorOptions): Record<string, unknown> {
  return {
    ...(o.endpoint === undefined ? {} : { endpoint: o.endpoint }),
    ...(o.status === undefined ? {} : { status: o.status }),
    ...o.details,
  };
}

/** 401: the credential is missing, malformed, unknown, revoked or expired. Halt all trading. */
export class AuthError extends PerpflowError {
  readonly code = 'AUTH';
  constructor(message: string, o: VenueErrorOptions = {}) {
    super(message, { details: venueDetails(o), cause: o.cause });
  }
}

/** 403: the key lacks the permission or the subaccount is not enabled. Halt that capability. */
export class PermissionError extends PerpflowError {
  readonly code = 'PERMISSION';
  readonly permission: string | undefined;
  constructor(message: string, o: VenueErrorOptions & { permission?: string } = {}) {
    super(message, { details: venueDetails(o), cause: o.cause });
    this.permission = o.permission;
  }
}

/** 5xx, 429 or a network failure on a read: retry the read, never a submit. */
export class TransientVenueError extends PerpflowError {
  readonly code = 'TRANSIENT';
  /** From `Retry-After`, when the venue sent one. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, o: VenueErrorOptions & { retryAfterMs?: number } = {}) {
    super(message, { details: venueDetails(o), cause: o.cause });
    this.retryAfterMs = o.retryAfterMs;
  }
}

/** A definitive business refusal (400 with a code, or a solver code): do not retry as is. */
export class VenueRejectedError extends PerpflowError {
  readonly code = 'REJECTED';
  readonly venueCode: string;
  /** The HTTP status the venue answered with, when the refusal came as one (400 with its code). */
  readonly status: number | undefined;
  constructor(message: string, o: VenueErrorOptions & { venueCode: string }) {
    super(message, { details: { ...venueDetails(o), venueCode: o.venueCode }, cause: o.cause });
    this.venueCode = o.venueCode;
    this.status = o.status;
  }
}

/** A submit whose answer never arrived or could not be read: settle by reconciliation, never resend. */
export class OutcomeUnknownError extends PerpflowError {
  readonly code = 'OUTCOME_UNKNOWN';
  constructor(message: string, o: VenueErrorOptions = {}) {
    super(message, { details: venueDetails(o), cause: o.cause });
  }
}

/** A venue answer of the wrong shape on a read: names the endpoint and the field. */
export class VenueProtocolError extends PerpflowError {
  readonly code = 'PROTOCOL';
  constructor(message: string, o: VenueErrorOptions = {}) {
    super(message, { details: venueDetails(o), cause: o.cause });
  }
}

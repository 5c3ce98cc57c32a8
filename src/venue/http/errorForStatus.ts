import type { PerpflowError } from '../../errors/PerpflowError.ts';
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
 * A read may be retried; a submit's unclear answer must be settled by reconciliation; account
 * setup (creating a key) is not a trade, so nothing to reconcile, but it is never retried either.
 */
export type CallKind = 'read' | 'submit' | 'setup';

export interface ErrorContext {
  readonly kind: CallKind;
  readonly endpoint: string;
  readonly status: number;
  readonly code: string | undefined;
  readonly message: string | undefined;
  readonly retryAfterMs?: number | undefined;
}

function said(ctx: ErrorContext): string {
  const parts = [ctx.code, ctx.message].filter((p) => p !== undefined && p !== '');
  return parts.length === 0 ? '' : ` (${redactText(parts.join(': '))})`;
}

/**
 * The one mapping from an HTTP answer to the error taxonomy (reliability.md A13, scenarios 10-14).
 * A submit is called rejected only when the venue said so with a code; anything unclear about a
 * submit (429, 5xx, a 4xx without a code) is an unknown outcome, never a rejection.
 */
export function errorForStatus(ctx: ErrorContext): PerpflowError {
  const { kind, endpoint, status } = ctx;
  const base = { endpoint, status };
  const text = `${endpoint}: HTTP ${status}${said(ctx)}`;
  if (status === 401) return new AuthError(`${text}: credential missing, invalid, expired or revoked`, base);
  if (status === 403) return new PermissionError(`${text}: not permitted for this key or subaccount`, base);
  const transient = status === 408 || status === 429 || status >= 500;
  if (transient) {
    if (kind === 'submit')
      return new OutcomeUnknownError(
        `${text}: the submit may or may not have been accepted; reconcile`,
        base,
      );
    return new TransientVenueError(
      text,
      ctx.retryAfterMs === undefined ? base : { ...base, retryAfterMs: ctx.retryAfterMs },
    );
  }
  if (ctx.code !== undefined) return new VenueRejectedError(text, { ...base, venueCode: ctx.code });
  if (kind === 'submit')
    return new OutcomeUnknownError(`${text}: answer without an error code; reconcile before resending`, base);
  if (status >= 400 && status < 500)
    return new VenueRejectedError(text, { ...base, venueCode: `HTTP_${status}` });
  return new VenueProtocolError(`${text}: unexpected status`, base);
}

import { ConfigError } from '../../errors/ConfigError.ts';
import { errnoCode } from '../../errors/errnoCode.ts';
import type { PerpflowError } from '../../errors/PerpflowError.ts';
import { OutcomeUnknownError, TransientVenueError } from '../../errors/venueErrors.ts';
import { redactText } from '../../log/redact.ts';
import type { CallKind } from './errorForStatus.ts';

/** Socket errors raised before a byte of the request left: the venue cannot have acted on it. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

function chain(error: unknown): { messages: string[]; codes: string[] } {
  const messages: string[] = [];
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    messages.push(current.message);
    const code = errnoCode(current);
    if (code !== undefined) codes.push(code);
    current = current.cause;
  }
  if (current !== undefined && !(current instanceof Error)) messages.push(String(current));
  return { messages, codes };
}

/**
 * A request that got no HTTP answer, in the taxonomy: fetch's "bad port" is the URL's fault and
 * never goes away (bad input, not retried). A submit without an answer is left to reconciliation
 * (the executor owns that). Otherwise a connection that was never made means the venue was
 * unreachable and did nothing.
 * Account setup (`setup`) is not a trade: there is no position to reconcile.
 */
export function transportFailure(
  kind: CallKind,
  endpoint: string,
  baseUrl: string,
  error: unknown,
): PerpflowError {
  const { messages, codes } = chain(error);
  const said = redactText([...new Set(messages)].join(': '));
  if (messages.includes('bad port'))
    return new ConfigError(
      `venue base URL ${baseUrl}: fetch refuses its port ("bad port", a port reserved for other protocols); use another port`,
    );
  if (kind === 'submit')
    return new OutcomeUnknownError(
      `${endpoint}: network error: ${said}; the submit may or may not have been accepted; reconcile`,
      { endpoint },
    );
  if (codes.some((c) => NOT_CONNECTED.has(c)))
    return new TransientVenueError(`${endpoint}: the venue at ${baseUrl} was unreachable (${said})`, {
      endpoint,
    });
  if (kind === 'setup')
    return new TransientVenueError(
      `${endpoint}: network error: ${said}; the venue may have acted on it: check (e.g. account keys list) before repeating`,
      { endpoint },
    );
  return new TransientVenueError(`${endpoint}: network error: ${said}`, { endpoint });
}

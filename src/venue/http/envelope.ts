/** The venue's envelope (venue-contract.md "Conventions"); bare payloads are tolerated. */
export interface Unwrapped {
  readonly payload: unknown;
  /** True when the body was an envelope: schema paths are then reported under `data`. */
  readonly enveloped: boolean;
  readonly success: boolean;
  readonly code: string | undefined;
  readonly message: string | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEnvelope(body: unknown): body is Record<string, unknown> {
  return (
    isRecord(body) &&
    typeof body.success === 'boolean' &&
    ('data' in body || 'statusMessage' in body || 'error' in body)
  );
}

function codeOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** `error.code` / `error.message`, else `statusMessage`, else a bare `{code, message}`. */
export function errorFields(body: unknown): { code: string | undefined; message: string | undefined } {
  if (!isRecord(body)) return { code: undefined, message: undefined };
  const error = isRecord(body.error) ? body.error : body;
  const message =
    (typeof error.message === 'string' && error.message) ||
    (typeof body.statusMessage === 'string' && body.statusMessage) ||
    (typeof body.message === 'string' && body.message) ||
    undefined;
  return { code: codeOf(error.code), message };
}

export function unwrap(body: unknown): Unwrapped {
  if (!isEnvelope(body))
    return { payload: body, enveloped: false, success: true, code: undefined, message: undefined };
  const { code, message } = errorFields(body);
  return { payload: body.data, enveloped: true, success: body.success === true, code, message };
}

/**
 * The base of every error perpflow raises on purpose: a short message, structured details for
 * logs, and the underlying cause. Subclasses are decided by what the operator must do
 * (ARCHITECTURE.md "Errors"); `code` is a literal so callers can switch on it.
 */
export abstract class PerpflowError extends Error {
  abstract readonly code: string;
  /** The process exit code a CLI command ends with when this error reaches it. */
  readonly exitCode: 1 | 2 = 1;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(message: string, options: { details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.details = Object.freeze({ ...(options.details ?? {}) });
  }
}

export function isPerpflowError(e: unknown): e is PerpflowError {
  return e instanceof PerpflowError;
}

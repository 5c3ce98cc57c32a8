import { noteOutput, secretTap } from '../log/secretTap.ts';

/** The message, details and cause chain as one text: what any printing of this error could show. */
function chainText(error: Error, details: Readonly<Record<string, unknown>>): string {
  const parts = [error.message];
  try {
    parts.push(JSON.stringify(details));
  } catch {
    // Details that cannot be serialised are not printed either.
  }
  let cause: unknown = error.cause;
  for (let depth = 0; cause !== undefined && cause !== null && depth < 8; depth++) {
    parts.push(cause instanceof Error ? cause.message : String(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return parts.join('\n');
}

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
    if (secretTap.enabled) noteOutput(`error:${new.target.name}`, chainText(this, this.details));
  }
}

export function isPerpflowError(e: unknown): e is PerpflowError {
  return e instanceof PerpflowError;
}

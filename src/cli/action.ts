import { isPerpflowError } from '../errors/PerpflowError.ts';
import { describeError } from '../log/redact.ts';

/** Exit codes every command documents. */
export const ExitCode = { ok: 0, failure: 1, badInput: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Anything a person typed or wrote that is wrong: exit 2. Everything else that fails: exit 1. */
export function exitCodeOf(error: unknown): ExitCode {
  if (isPerpflowError(error)) return error.exitCode;
  if (error instanceof Error && error.name === 'CommanderError') return ExitCode.badInput;
  return ExitCode.failure;
}

/**
 * Wraps a commander action: a thrown error is printed once, redacted, without a stack trace
 * (unless PERPFLOW_DEBUG is set), and sets the documented exit code.
 */
export function action<A extends unknown[]>(
  fn: (...args: A) => Promise<void> | void,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (error) {
      const code = exitCodeOf(error);
      process.stderr.write(`error: ${describeError(error)}\n`);
      if (process.env.PERPFLOW_DEBUG && error instanceof Error && error.stack) {
        process.stderr.write(`${describeError(error.stack)}\n`);
      }
      process.exitCode = code;
    }
  };
}

import { Command } from 'commander';
import { ConfigError } from '../errors/ConfigError.ts';
import { isPerpflowError } from '../errors/PerpflowError.ts';
import { redact, redactText } from '../log/redact.ts';

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
 * The message and its chain of causes, each said once: a cause whose text the message above it
 * already quotes (`cannot open x: disk I/O error` caused by `disk I/O error`) adds nothing.
 */
export function errorLines(error: unknown): string[] {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    const text = current instanceof Error ? current.message : String(current);
    if (!lines.some((l) => l.includes(text))) lines.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.map(redactText);
}

/** The error as one JSON object, for `--json` callers: `{"error":{code,exitCode,message,causes}}`. */
export function errorJson(error: unknown): { error: Record<string, unknown> } {
  const [message = 'unknown error', ...causes] = errorLines(error);
  return {
    error: {
      code: isPerpflowError(error) ? error.code : 'FAILURE',
      exitCode: exitCodeOf(error),
      message,
      ...(causes.length > 0 ? { causes } : {}),
      // A config problem's structure is its list of located issues; other errors carry details.
      ...(error instanceof ConfigError
        ? { issues: redact(error.issues) }
        : isPerpflowError(error) && Object.keys(error.details).length > 0
          ? { details: redact(error.details) }
          : {}),
    },
  };
}

/** Whether the command that commander hands an action (its last argument) was given --json. */
export function wantsJson(args: readonly unknown[]): boolean {
  const command = args.at(-1);
  return command instanceof Command && command.optsWithGlobals().json === true;
}

/** Writes a failure to stderr: JSON under --json, else `error: …` lines. */
export function reportError(error: unknown, json: boolean): void {
  if (json) {
    process.stderr.write(`${JSON.stringify(errorJson(error))}\n`);
    return;
  }
  const [first, ...causes] = errorLines(error);
  process.stderr.write(`error: ${[first, ...causes.map((c) => `caused by: ${c}`)].join('\n')}\n`);
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
      reportError(error, wantsJson(args));
      if (process.env.PERPFLOW_DEBUG && error instanceof Error && error.stack) {
        process.stderr.write(`${redactText(error.stack)}\n`);
      }
      process.exitCode = exitCodeOf(error);
    }
  };
}

import { PerpflowError } from './PerpflowError.ts';

/** The journal cannot be written or read: stop sending (fail closed) until an operator acts. */
export class JournalError extends PerpflowError {
  readonly code = 'JOURNAL';
  constructor(message: string, options: { details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options);
  }
}

/**
 * Another live instance holds this journal's lease: nothing was read or traded, and a person
 * decides (stop the other one, or start elsewhere) — exit 2, like another instance on the account.
 */
export class JournalLeaseHeldError extends JournalError {
  override readonly exitCode = 2;
}

import { PerpflowError } from './PerpflowError.ts';

/** The journal cannot be written or read: stop sending (fail closed) until an operator acts. */
export class JournalError extends PerpflowError {
  readonly code = 'JOURNAL';
  constructor(message: string, options: { details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options);
  }
}

import { PerpflowError } from './PerpflowError.ts';

/** A run could not start safely (the venue and the journal not reconciled, the key refused): nothing traded. */
export class StartupError extends PerpflowError {
  readonly code = 'STARTUP';
  constructor(message: string, options: { details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options);
  }
}

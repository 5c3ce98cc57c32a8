import { JournalError } from '../errors/JournalError.ts';

/**
 * A request row this version cannot read, located by row and field. Not file corruption: the
 * journal is not quarantined for it (that would drop every other row's evidence), opening fails.
 */
export class JournalRowError extends JournalError {
  readonly row: string;
  readonly field: string;
  constructor(row: string, field: string, why: string, cause?: unknown) {
    super(`journal row ${JSON.stringify(row)} (requests table), field ${field}: ${why}`, {
      details: { row, field },
      cause,
    });
    this.row = row;
    this.field = field;
  }
}

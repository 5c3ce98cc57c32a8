import { JournalError } from '../errors/JournalError.ts';

/**
 * A row this version cannot read, located by table, row and field. Not file corruption: the
 * journal is not quarantined for it (that would drop every other row's evidence), opening fails.
 */
export class JournalRowError extends JournalError {
  readonly table: string;
  readonly row: string;
  readonly field: string;
  constructor(table: string, row: string, field: string, why: string, cause?: unknown) {
    super(`journal row ${JSON.stringify(row)} (${table} table), field ${field}: ${why}`, {
      details: { table, row, field },
      ...(cause === undefined ? {} : { cause }),
    });
    this.table = table;
    this.row = row;
    this.field = field;
  }
}

import { PerpflowError } from './PerpflowError.ts';

/** Where in a file a problem is: `config/default.yaml:14:5`. */
export interface SourceLocation {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
}

export interface ConfigIssue {
  readonly location: SourceLocation;
  /** The key path, like `strategies[0].params.fast`; empty for the document itself. */
  readonly path: string;
  readonly message: string;
}

export function formatLocation(loc: SourceLocation): string {
  if (loc.line === undefined) return loc.file;
  return loc.column === undefined ? `${loc.file}:${loc.line}` : `${loc.file}:${loc.line}:${loc.column}`;
}

export function formatIssue(issue: ConfigIssue): string {
  const where = formatLocation(issue.location);
  return issue.path === '' ? `${where} ${issue.message}` : `${where} ${issue.path}: ${issue.message}`;
}

/** A person must fix an input (config, CSV, CLI flag, key format): exit 2 with a clear message. */
export class ConfigError extends PerpflowError {
  readonly code = 'CONFIG';
  override readonly exitCode = 2;
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[] | string, options: { cause?: unknown } = {}) {
    const list: readonly ConfigIssue[] =
      typeof issues === 'string' ? [{ location: { file: '<input>' }, path: '', message: issues }] : issues;
    const text = typeof issues === 'string' ? issues : list.map(formatIssue).join('\n');
    super(text, { details: { issues: list.length }, ...options });
    this.issues = list;
  }
}

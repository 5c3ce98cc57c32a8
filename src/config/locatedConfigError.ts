import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { ConfigError, type ConfigIssue } from '../errors/ConfigError.ts';
import { formatPath } from './configPath.ts';
import { IssueLocator } from './issueLocator.ts';
import type { ConfigProblem } from './listedMarkets.ts';

/**
 * A ConfigError for problems found after loading (against the venue, at start), each located at
 * `file:line:col` of the config like the schema's own. The file was valid when loaded; should it
 * be unreadable now, the problems still name the file and key path.
 */
export function locatedConfigError(file: string, problems: readonly ConfigProblem[]): ConfigError {
  let issues: ConfigIssue[];
  try {
    const lines = new LineCounter();
    const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines });
    const locator = new IssueLocator(doc, lines, file);
    issues = problems.map((p) => locator.value(p.path, p.message));
  } catch {
    issues = problems.map((p) => ({ location: { file }, path: formatPath(p.path), message: p.message }));
  }
  return new ConfigError(issues);
}

import type { Document, LineCounter, YAMLError, YAMLWarning } from 'yaml';
import type { ConfigIssue } from '../errors/ConfigError.ts';
import { formatPath } from './configPath.ts';
import { pathAtOffset } from './yamlNodes.ts';

const MESSAGES: Record<string, string> = {
  DUPLICATE_KEY: 'duplicate key; a key may appear only once in a mapping',
  TAB_AS_INDENT: 'tab used for indentation; YAML indents with spaces',
  MULTIPLE_DOCS: 'more than one YAML document (---); a config file holds exactly one',
  TAG_RESOLVE_FAILED: 'unknown YAML tag; tags are not supported in config files',
  BAD_ALIAS: 'alias to an anchor that is not defined above it',
};

function messageOf(error: YAMLError | YAMLWarning): string {
  const known = MESSAGES[error.code];
  if (known !== undefined) return known;
  // With prettyErrors off the message is one sentence without a source excerpt.
  // Some messages quote the offending source text, which could be a secret written by mistake.
  const first = (error.message.split('\n')[0] ?? error.code).replace(/:\s*".*"$/, '');
  return `invalid YAML: ${first.charAt(0).toLowerCase()}${first.slice(1)}`;
}

/** `{ key: ${env:X} }` is not valid YAML: a plain `{` cannot appear inside a flow collection. */
function flowHint(text: string, lines: LineCounter, line: number): string {
  const start = lines.lineStarts[line - 1] ?? 0;
  const end = lines.lineStarts[line] ?? text.length;
  const source = text.slice(lines.lineStarts[line - 2] ?? start, end);
  return /[{[][^\n]*\$\{env:/.test(source)
    ? `; quote env references inside { } or [ ], like "\${env:NAME}"`
    : '';
}

/** YAML syntax errors and warnings (unknown tags, …) as issues, in file order. */
export function yamlProblems(doc: Document, lines: LineCounter, file: string, text: string): ConfigIssue[] {
  return [...doc.errors, ...doc.warnings]
    .map((error) => {
      const offset = error.pos[0];
      const { line, col } = lines.linePos(offset);
      return {
        location: { file, line, column: col },
        path: formatPath(pathAtOffset(doc, offset)),
        message: messageOf(error) + flowHint(text, lines, line),
      };
    })
    .sort((a, b) => a.location.line - b.location.line || a.location.column - b.location.column);
}

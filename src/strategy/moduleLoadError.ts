import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where in a module's own source a load failed: `file:line:column`. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

const code = (error: unknown): unknown =>
  error !== null && typeof error === 'object' ? Reflect.get(error, 'code') : undefined;

/**
 * A syntax error's code frame as Node prints it: `FILE:LINE`, the source line(s), then a caret
 * line under the offending text. The caret's position is the column.
 */
function fromCodeFrame(text: string): SourceLocation | undefined {
  const lines = text.split('\n');
  const header = /^(.+):(\d+)$/.exec(lines[0] ?? '');
  const caret = lines.findIndex((l, i) => i > 0 && /^\s*\^+\s*$/.test(l));
  if (header?.[1] === undefined || header[2] === undefined || caret < 0) return undefined;
  return { file: header[1], line: Number(header[2]), column: (lines[caret] ?? '').indexOf('^') + 1 };
}

/**
 * The first stack frame inside `file` (an error thrown while the module body ran), else the
 * first frame in any file on disk: a module it imports threw, and that is where to look.
 */
function fromStack(stack: string, file: string): SourceLocation | undefined {
  let first: SourceLocation | undefined;
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?$/gm)) {
    const [, where, line, column] = m;
    if (where === undefined || !(where.startsWith('file://') || where.startsWith('/'))) continue;
    const path = where.startsWith('file://') ? fileURLToPath(where) : where;
    if (path === file) return { file, line: Number(line), column: Number(column) };
    first ??= { file: path, line: Number(line), column: Number(column) };
  }
  return first;
}

/**
 * A plain JavaScript syntax error carries no position when import() rejects; `node --check`
 * prints the code frame. Run only on this error path, never on a module that loads.
 */
function fromSyntaxCheck(file: string): SourceLocation | undefined {
  const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 });
  return check.status === 0 ? undefined : fromCodeFrame(check.stderr);
}

/** An import the module names that cannot be found: the line that names it. */
function fromImport(error: Error): SourceLocation | undefined {
  const m = /Cannot find (?:module|package) '([^']+)' imported from (.+)$/.exec(error.message);
  if (m?.[1] === undefined || m[2] === undefined) return undefined;
  const importer = m[2];
  let source: string;
  try {
    source = readFileSync(importer, 'utf8');
  } catch {
    return undefined;
  }
  const wanted = m[1].startsWith('/') ? m[1].slice(m[1].lastIndexOf('/') + 1) : m[1];
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const at = (lines[i] ?? '').search(
      new RegExp(`['"][^'"]*${wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`),
    );
    if (at >= 0) return { file: importer, line: i + 1, column: at + 1 };
  }
  return undefined;
}

/** Where a failed import of `file` went wrong, from the error and the module's own source. */
export function locateLoadError(error: unknown, file: string): SourceLocation | undefined {
  if (!(error instanceof Error)) return undefined;
  const stack = error.stack ?? '';
  if (error instanceof SyntaxError) {
    const framed = fromCodeFrame(stack);
    if (framed !== undefined) return framed;
    // A SyntaxError the module's code threw (JSON.parse) rather than one in its source.
    if (code(error) === undefined) return fromSyntaxCheck(file) ?? fromStack(stack, file);
  }
  if (code(error) === 'ERR_MODULE_NOT_FOUND') return fromImport(error);
  return fromStack(stack, file);
}

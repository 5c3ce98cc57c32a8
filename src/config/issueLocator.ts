import type { Document, LineCounter, Node } from 'yaml';
import type { ConfigIssue } from '../errors/ConfigError.ts';
import { type ConfigPath, formatPath } from './configPath.ts';
import { locate } from './yamlNodes.ts';

/** Turns (path, message) pairs into issues that name the file, line and column to edit. */
export class IssueLocator {
  readonly #doc: Document;
  readonly #lines: LineCounter;
  readonly #file: string;

  constructor(doc: Document, lines: LineCounter, file: string) {
    this.#doc = doc;
    this.#lines = lines;
    this.#file = file;
  }

  at(node: Node | undefined, path: ConfigPath, message: string): ConfigIssue {
    const offset = node?.range?.[0];
    if (offset === undefined)
      return { location: { file: this.#file, line: 1, column: 1 }, path: formatPath(path), message };
    const { line, col } = this.#lines.linePos(offset);
    return { location: { file: this.#file, line, column: col }, path: formatPath(path), message };
  }

  /** A value that is wrong: point at the value itself (or its key when nothing is written). */
  value(path: ConfigPath, message: string): ConfigIssue {
    const found = locate(this.#doc, path);
    return this.at(found.value ?? found.key ?? found.nearest, path, message);
  }

  /** A key that should not be there: point at the key. */
  key(path: ConfigPath, message: string): ConfigIssue {
    const found = locate(this.#doc, path);
    return this.at(found.key ?? found.value ?? found.nearest, path, message);
  }

  /** A key that is missing: point at the mapping it belongs in. */
  missing(path: ConfigPath, message: string): ConfigIssue {
    return this.at(locate(this.#doc, path).nearest, path, message);
  }

  isWritten(path: ConfigPath): boolean {
    return locate(this.#doc, path).depth === path.length;
  }
}

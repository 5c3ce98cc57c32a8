import type { ConfigIssue } from '../errors/ConfigError.ts';
import { ConfigError } from '../errors/ConfigError.ts';

/** Collects the first `max` problems of a file, counts the rest, and throws them as one ConfigError. */
export class IssueList {
  readonly #file: string;
  readonly #max: number;
  readonly #issues: ConfigIssue[] = [];
  #dropped = 0;

  constructor(file: string, max = 20) {
    this.#file = file;
    this.#max = max;
  }

  get count(): number {
    return this.#issues.length + this.#dropped;
  }

  add(line: number, column: number, path: string, message: string): void {
    if (this.#issues.length >= this.#max) this.#dropped++;
    else this.#issues.push({ location: { file: this.#file, line, column }, path, message });
  }

  throwIfAny(): void {
    if (this.count === 0) return;
    const more: ConfigIssue[] =
      this.#dropped === 0
        ? []
        : [{ location: { file: this.#file }, path: '', message: `… and ${this.#dropped} more problems` }];
    throw new ConfigError([...this.#issues, ...more]);
  }
}

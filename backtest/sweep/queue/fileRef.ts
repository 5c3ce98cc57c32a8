import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** An input file as a queued job names it: where the submitter had it, and its content hash. */
export interface FileRef {
  /** The submitter's absolute path; a worker looks for the file's name (basename) too. */
  readonly name: string;
  /** sha256 of the file's bytes, hex. */
  readonly sha256: string;
}

/** Hashes by path, kept while size and mtime stay: a worker hashes a big CSV once, not per job. */
const hashes = new Map<
  string,
  { readonly size: number; readonly mtimeMs: number; readonly sha256: string }
>();

/** sha256 of the file's bytes (hex), or undefined when there is no such file. */
export function sha256OfFile(path: string): string | undefined {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path);
  } catch {
    return undefined;
  }
  if (!st.isFile()) return undefined;
  const known = hashes.get(path);
  if (known !== undefined && known.size === st.size && known.mtimeMs === st.mtimeMs) return known.sha256;
  const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
  hashes.set(path, { size: st.size, mtimeMs: st.mtimeMs, sha256 });
  return sha256;
}

/** The job's name for a file the submitter has (a missing one was already refused by readData). */
export function fileRef(path: string): FileRef {
  const name = resolve(path);
  const sha256 = sha256OfFile(name);
  if (sha256 === undefined) throw new Error(`${path}: no such file`);
  return { name, sha256 };
}

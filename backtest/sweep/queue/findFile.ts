import { basename, join, resolve } from 'node:path';
import { type FileRef, sha256OfFile } from './fileRef.ts';

/** A worker lacks an input of a job: retrying elsewhere may help, so the job fails (not the point). */
export class MissingInputError extends Error {
  override readonly name = 'MissingInputError';
}

/**
 * The local path of the file `ref` names, found by content: in `dataDir` under the file's name or
 * its hash, then at the path the submitter had (the same machine, a shared mount) and that path
 * relative to this worker's folder. A file there with other bytes does not count.
 */
export function findFile(ref: FileRef, kind: string, dataDir: string | undefined): string {
  const file = basename(ref.name);
  const candidates = [
    ...(dataDir === undefined ? [] : [join(dataDir, file), join(dataDir, ref.sha256)]),
    ref.name,
    resolve(file),
  ];
  const seen = [...new Set(candidates)];
  const other: string[] = [];
  for (const path of seen) {
    const sha = sha256OfFile(path);
    if (sha === ref.sha256) return path;
    if (sha !== undefined) other.push(`${path} (sha256 ${sha.slice(0, 12)}…)`);
  }
  throw new MissingInputError(
    `${kind} file sha256 ${ref.sha256} (expected ${file}) is not on this worker: looked in ${seen.join(', ')}${
      other.length > 0 ? `; other content at ${other.join(', ')}` : ''
    }; copy it into --data-dir as ${file} or ${ref.sha256}`,
  );
}

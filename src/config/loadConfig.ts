import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { isRecord } from '../domain/isRecord.ts';
import { ConfigError, type ConfigIssue } from '../errors/ConfigError.ts';
import { errnoCode } from '../errors/errnoCode.ts';
import { formatPath } from './configPath.ts';
import type { EnvLookup } from './envReference.ts';
import { IssueLocator } from './issueLocator.ts';
import { messageFor } from './issueMessages.ts';
import { unlistedMarkets } from './listedMarkets.ts';
import { pathProblems } from './pathChecks.ts';
import { relativeToConfig } from './relativeToConfig.ts';
import { resolveEnvInDocument } from './resolveEnvInDocument.ts';
import { withAccountDefaults } from './riskDefaults.ts';
import { configSchema, type PerpflowConfig, type StrategyConfig } from './schema.ts';
import { scrubSecrets } from './scrubSecrets.ts';
import { searchSpace } from './searchSpace.ts';
import { strategySchema } from './sections/strategies.ts';
import { yamlProblems } from './yamlProblems.ts';
import { zodProblems } from './zodProblems.ts';

export interface LoadConfigOptions {
  /** Where `${env:NAME}` references are looked up; `process.env` when absent. */
  readonly env?: EnvLookup;
  /**
   * The parameter schema of a strategy entry, usually the plugin's own. Called only for entries
   * that are valid themselves; returning undefined leaves `params` unchecked. A throw becomes an
   * issue at the entry's `module`.
   */
  readonly strategyParams?: (strategy: StrategyConfig, index: number) => z.ZodType | undefined;
  /**
   * Also check on disk every path the file names (strategy modules, fault profile, price CSV,
   * the journal's directory). `config validate` does; tests of the schema alone need not.
   */
  readonly checkPaths?: boolean;
  /**
   * The markets the config's venue lists, when known without asking it (the embedded
   * simulator's): each strategy market not among them is an issue naming the closest ones.
   */
  readonly listedMarkets?: (
    config: PerpflowConfig,
  ) => { readonly listed: readonly string[]; readonly venue: string } | undefined;
}

/** Reads, resolves and validates a config file; throws one ConfigError listing every issue. */
export function loadConfig(file: string, options: LoadConfigOptions = {}): PerpflowConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = errnoCode(error);
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read it (${code})`;
    throw new ConfigError([{ location: { file }, path: '', message: reason }], { cause: error });
  }
  return parseConfig(text, file, options);
}

/** The same as loadConfig for text already in memory; `file` only names it in messages. */
export function parseConfig(text: string, file: string, options: LoadConfigOptions = {}): PerpflowConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = yamlProblems(doc, lines, file, text);
  if (syntax.length > 0) throw new ConfigError(syntax);

  const locator = new IssueLocator(doc, lines, file);
  if (doc.contents === null || doc.contents === undefined)
    throw new ConfigError([
      locator.at(
        undefined,
        [],
        'the file is empty; expected a mapping of settings (see config/default.yaml)',
      ),
    ]);

  const env = resolveEnvInDocument(doc, options.env ?? process.env, formatPath);
  const issues: ConfigIssue[] = env.problems.map((p) => locator.at(p.node, p.path, p.message));
  const data: unknown = doc.toJS();
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    const got = Array.isArray(data) ? 'a list' : 'a single value';
    throw new ConfigError([
      locator.at(doc.contents, [], `expected a mapping of settings at the top level, got ${got}`),
    ]);
  }

  const parsed = configSchema.safeParse(data, { error: messageFor });
  const schemaIssues = parsed.success
    ? []
    : zodProblems(parsed.error.issues, { locator, schema: configSchema, prefix: [], data });
  issues.push(...schemaIssues.filter((issue) => !env.unresolved.has(issue.path)));
  const config = parsed.success ? relativeToConfig(parsed.data, file) : undefined;
  const paths = options.checkPaths && config !== undefined ? pathProblems(config, file, locator) : [];
  // A module that is not on disk is said once, by the path check, not again as a failed load.
  const said = new Set(paths.map((p) => p.path));
  issues.push(...checkStrategyParams(data, config, locator, options).filter((i) => !said.has(i.path)));
  issues.push(...paths);
  const listed = config !== undefined ? options.listedMarkets?.(config) : undefined;
  if (config !== undefined && listed !== undefined)
    issues.push(
      ...unlistedMarkets(config, listed.listed, listed.venue).map((p) => locator.value(p.path, p.message)),
    );

  if (issues.length > 0 || config === undefined) throw new ConfigError(scrubSecrets(sortIssues(issues), env));
  return {
    ...config,
    risk: { ...config.risk, account: withAccountDefaults(config.risk.account, config.mode) },
  };
}

/**
 * The strategy entries of `file` that are valid in themselves, whatever else the file gets
 * wrong; none when it cannot be read or parsed (loadConfig then reports why).
 */
export function strategyEntries(file: string): StrategyConfig[] {
  let data: unknown;
  try {
    const doc = parseDocument(readFileSync(file, 'utf8'), { prettyErrors: false });
    if (doc.errors.length > 0) return [];
    data = doc.toJS();
  } catch {
    return [];
  }
  const raw = isRecord(data) ? data.strategies : undefined;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    const strategy = strategySchema.safeParse(entry);
    return strategy.success ? [strategy.data] : [];
  });
}

function checkStrategyParams(
  data: object,
  config: PerpflowConfig | undefined,
  locator: IssueLocator,
  options: LoadConfigOptions,
): ConfigIssue[] {
  const hook = options.strategyParams;
  const raw = 'strategies' in data ? data.strategies : undefined;
  if (hook === undefined || !Array.isArray(raw)) return [];
  const issues: ConfigIssue[] = [];
  raw.forEach((entry: unknown, index) => {
    const strategy = strategySchema.safeParse(entry);
    if (!strategy.success) return;
    let schema: z.ZodType | undefined;
    try {
      schema = hook(strategy.data, index);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      issues.push(
        locator.value(
          ['strategies', index, 'module'],
          `cannot load the strategy's parameter schema: ${reason}`,
        ),
      );
      return;
    }
    if (schema === undefined) return;
    const optimize = strategy.data.optimize;
    if (optimize !== undefined)
      for (const p of searchSpace(schema, optimize).problems)
        issues.push(
          p.key === true
            ? locator.key(['strategies', index, 'optimize', ...p.path], p.message)
            : locator.value(['strategies', index, 'optimize', ...p.path], p.message),
        );
    const prefix = ['strategies', index, 'params'] as const;
    const params = schema.safeParse(strategy.data.params, { error: messageFor });
    if (!params.success) {
      issues.push(
        ...zodProblems(params.error.issues, { locator, schema, prefix, data: strategy.data.params }),
      );
    } else if (config !== undefined) {
      // Plugins may default or transform their parameters; keep what their schema produced.
      const target = config.strategies[index];
      if (target === undefined) return;
      if (isRecord(params.data)) target.params = params.data;
      else
        issues.push(
          locator.value(
            ['strategies', index, 'module'],
            "the strategy's parameter schema produced something other than a mapping of parameters",
          ),
        );
    }
  });
  return issues;
}

function sortIssues(issues: readonly ConfigIssue[]): ConfigIssue[] {
  const line = (i: ConfigIssue) => i.location.line ?? 0;
  const column = (i: ConfigIssue) => i.location.column ?? 0;
  return [...issues].sort((a, b) => line(a) - line(b) || column(a) - column(b));
}

import { type Document, isMap, isScalar, isSeq, type Node, type Scalar } from 'yaml';
import { isSecretFieldName } from '../log/redact.ts';
import type { ConfigPath } from './configPath.ts';
import {
  type EnvLookup,
  envRef,
  hasEnvReference,
  isOnlyEnvReference,
  malformedReason,
  resolveEnvReferences,
} from './envReference.ts';
import { keyName } from './yamlNodes.ts';

export interface NodeProblem {
  readonly node: Node;
  readonly path: ConfigPath;
  readonly message: string;
}

export interface EnvResolutionReport {
  readonly problems: readonly NodeProblem[];
  /** Paths whose value came (at least partly) from the environment, with the variables named. */
  readonly sources: ReadonlyMap<string, readonly string[]>;
  /** Paths left unresolved: schema issues there would only repeat the env problem. */
  readonly unresolved: ReadonlySet<string>;
  /** Every variable read from the environment and its value, so no message can ever show one. */
  readonly read: ReadonlyMap<string, string>;
  /** Variables referenced by secret-named keys. */
  readonly secretNames: ReadonlySet<string>;
}

/** The variable a secret-named key should reference: `venue.apiKey` → `PERPFLOW_API_KEY`. */
export function suggestedVariable(key: string): string {
  return `PERPFLOW_${key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase()}`;
}

/**
 * Replaces every `${env:NAME}` in the document's string scalars with the variable's value, in
 * place, and reports missing variables, malformed references and secrets written literally.
 */
export function resolveEnvInDocument(
  doc: Document,
  env: EnvLookup,
  formatKey: (p: ConfigPath) => string,
): EnvResolutionReport {
  const problems: NodeProblem[] = [];
  const sources = new Map<string, readonly string[]>();
  const unresolved = new Set<string>();
  const read = new Map<string, string>();
  const secretNames = new Set<string>();

  const visitScalar = (node: Scalar, path: ConfigPath, secretKey: string | undefined): void => {
    const raw = node.value;
    if (
      secretKey !== undefined &&
      raw !== null &&
      raw !== '' &&
      !(typeof raw === 'string' && isOnlyEnvReference(raw))
    ) {
      problems.push({
        node,
        path,
        message: `secrets must not be written in the file; use ${envRef(suggestedVariable(secretKey))}`,
      });
      unresolved.add(formatKey(path));
      return;
    }
    if (typeof raw !== 'string' || !hasEnvReference(raw)) return;
    const result = resolveEnvReferences(raw, env);
    const where = formatKey(path);
    if (result.malformed) {
      problems.push({
        node,
        path,
        message: malformedReason(raw),
      });
      unresolved.add(where);
    }
    for (const name of result.missing) {
      problems.push({
        node,
        path,
        message: `environment variable ${name} is not set (referenced as ${envRef(name)})`,
      });
      unresolved.add(where);
    }
    for (const name of result.names) {
      if (secretKey !== undefined) secretNames.add(name);
      const value = env[name];
      if (value !== undefined && value !== '') read.set(name, value);
    }
    sources.set(where, result.names);
    node.value = result.value;
  };

  const visit = (node: unknown, path: ConfigPath, secretKey: string | undefined): void => {
    if (isScalar(node)) visitScalar(node, path, secretKey);
    else if (isMap(node))
      for (const pair of node.items) {
        const name = keyName(pair);
        if (name === undefined) continue;
        visit(pair.value, [...path, name], isSecretFieldName(name) ? name : undefined);
      }
    else if (isSeq(node)) for (const [i, item] of node.items.entries()) visit(item, [...path, i], secretKey);
    // Aliases are visited where their anchor is written.
  };

  visit(doc.contents, [], undefined);
  return { problems, sources, unresolved, read, secretNames };
}

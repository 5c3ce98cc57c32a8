import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { ConfigError } from '../../errors/ConfigError.ts';
import { describeError } from '../../log/redact.ts';
import type { EngineSnapshot, SimEngine } from '../../simulator/engine/SimEngine.ts';
import type { VenueFetch } from '../../venue/transport.ts';

function isSnapshot(v: unknown): v is EngineSnapshot {
  if (v === null || typeof v !== 'object') return false;
  return (
    Reflect.get(v, 'version') === 1 &&
    Array.isArray(Reflect.get(v, 'subaccounts')) &&
    typeof Reflect.get(v, 'requestsIssued') === 'number' &&
    typeof Reflect.get(v, 'quotesIssued') === 'number' &&
    Array.isArray(Reflect.get(v, 'requests'))
  );
}

/** The paper account a dry run left at `file`, or undefined when there is none yet. */
export function readPaperAccount(file: string): EngineSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(
      `the paper account ${file} cannot be read (${describeError(e)}): start over with \`perpflow run --fresh\`, which keeps it as a backup`,
    );
  }
  if (!isSnapshot(parsed))
    throw new ConfigError(
      `${file} is not a paper account this perpflow can continue: start over with \`perpflow run --fresh\`, which keeps it as a backup`,
    );
  return parsed;
}

/**
 * Writes the engine's state to `file` whenever it changed: to a temporary file, then renamed over
 * the old one, so a crash leaves the previous state or the new one, never half of one.
 */
export function paperAccountWriter(engine: SimEngine, file: string): () => void {
  let last = '';
  return () => {
    const text = JSON.stringify(engine.snapshot());
    if (text === last) return;
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    last = text;
  };
}

/**
 * The simulator's fetch, saving the paper account after each answer and before the client sees
 * it: whatever the bot has been told (a fill, a position, a balance) survives a kill -9.
 */
export function persistingFetch(fetch: VenueFetch, save: () => void): VenueFetch {
  return async (request) => {
    const response = await fetch(request);
    save();
    return response;
  };
}

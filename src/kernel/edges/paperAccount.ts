import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { ConfigError } from '../../errors/ConfigError.ts';
import type { JournalPort, PaperAccountSlot } from '../../journal/JournalPort.ts';
import { describeError } from '../../log/redact.ts';
import type { RequestKeep } from '../../simulator/engine/requestSnapshot.ts';
import type { EngineSnapshot, SimEngine } from '../../simulator/engine/SimEngine.ts';
import type { VenueFetch } from '../../venue/transport.ts';
import { paperAccountFileFor } from '../journalFor.ts';

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

/** A paper account's text, checked: `where` names it in the error. */
export function parsePaperAccount(text: string, where: string): EngineSnapshot {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(
      `the paper account ${where} cannot be read (${describeError(e)}): start over with \`perpflow run --fresh\`, which keeps it as a backup`,
    );
  }
  if (!isSnapshot(parsed))
    throw new ConfigError(
      `${where} is not a paper account this perpflow can continue: start over with \`perpflow run --fresh\`, which keeps it as a backup`,
    );
  return parsed;
}

/** The paper account a dry run left at `file`, or undefined when there is none yet. */
export function readPaperAccount(file: string): EngineSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`the paper account ${file} cannot be read (${describeError(e)})`);
  }
  return parsePaperAccount(text, file);
}

/**
 * A file written whole or not at all: to a temporary file, then renamed over the old one, so a
 * crash leaves the previous state or the new one, never half of one.
 */
function paperFile(file: string): PaperAccountSlot {
  return {
    where: file,
    read: () => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
    write: (text) => {
      writeFileSync(`${file}.tmp`, text);
      renameSync(`${file}.tmp`, file);
    },
  };
}

/**
 * Where a dry run's paper account is kept: with the journal in use, so the two continue
 * together — in the store itself when it keeps one (PostgreSQL), else in a file beside the
 * journal's file. Undefined for a journal in memory: nothing outlives the process.
 */
export function paperAccountOf(journal: JournalPort): PaperAccountSlot | undefined {
  if (journal.paperAccount !== undefined) return journal.paperAccount;
  if (journal.path.startsWith(':memory')) return undefined;
  const file = paperAccountFileFor(journal.path);
  return file === undefined ? undefined : paperFile(file);
}

/**
 * Answered requests a paper account keeps: those its journal still has open — after a restart the
 * core asks about those, and only those (the engine reports each outcome as it decides it, so the
 * journal hears of an end in the turn it happens) — and, as a cushion, those of the last 10 s.
 * Keeping every request of 15 minutes, as for a client the venue knows nothing of, made each save
 * (one per answer) grow with the session: at full pace a dry run's intents/s halved within three
 * minutes, and most of its time went to saving.
 */
export function keepForJournal(journal: JournalPort): RequestKeep {
  return {
    answeredWithinMs: 10_000,
    asked: () => journal.nonTerminal().flatMap((r) => (r.tempId === undefined ? [] : [r.tempId])),
  };
}

/** Writes the engine's state to `slot` whenever it changed. */
export function paperAccountWriter(
  engine: SimEngine,
  slot: PaperAccountSlot,
  journal: JournalPort,
): () => void {
  let last = '';
  return () => {
    const text = JSON.stringify(engine.snapshot(keepForJournal(journal)));
    if (text === last) return;
    slot.write(text);
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

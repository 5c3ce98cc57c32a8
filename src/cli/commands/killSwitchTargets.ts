import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { loadConfig } from '../../config/loadConfig.ts';
import { MODES } from '../../config/schema.ts';
import { DEFAULT_JOURNAL_PATH } from '../../config/sections/runtime.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { leaseRows, openExistingJournal } from '../../journal/journalStatus.ts';
import { assertPerpflowJournal } from '../../journal/readOnlyJournal.ts';
import { botAlive, type RunningBot, registeredBots, runningBots } from '../../journal/runningBots.ts';
import { journalFileFor } from '../../kernel/journalFor.ts';
import { describeError } from '../../log/redact.ts';

/** A journal the kill switch writes, and the running bots that trade on it. */
export interface KillSwitchTarget {
  readonly journal: string;
  readonly bots: readonly RunningBot[];
}

const journalPart = z.object({
  // An unknown mode (which `run` refuses) takes the journal as written, as every mode but dry-run does.
  mode: z.enum(MODES).default('dry-run').catch('live'),
  journal: z.object({ path: z.string().optional(), url: z.string().optional() }).optional(),
});

/** Where a config's journal is, read without the rest of the config (nor its env references). */
function journalPartOf(configFile: string): z.infer<typeof journalPart> {
  let doc: unknown;
  try {
    doc = parse(readFileSync(configFile, 'utf8'));
  } catch (e) {
    throw new ConfigError(`${configFile}: cannot read the config (${describeError(e)})`);
  }
  return journalPart.safeParse(doc).data ?? { mode: 'dry-run' };
}

/**
 * The PostgreSQL journal a config's run uses (whatever its mode: `run` keeps `journal.url` for a
 * dry run too), or undefined for a SQLite one. Only then is the whole config loaded: the URL is
 * typically an env reference, which the loader resolves and checks.
 */
export function pgJournalOfConfig(configFile: string): string | undefined {
  if (journalPartOf(configFile).journal?.url === undefined) return undefined;
  return loadConfig(configFile).journal.url;
}

/** The journal a config's run uses: a dry run keeps its own (the kernel's journalFileFor). */
export function journalOfConfig(configFile: string): string {
  const o = journalPartOf(configFile);
  // Relative to the config file, as `run` takes it (config/relativeToConfig.ts).
  return journalFileFor(resolve(dirname(configFile), o.journal?.path ?? DEFAULT_JOURNAL_PATH), o.mode);
}

/** Journals this host knows of: those of registered bots (running or crashed), and var/ here. */
export function knownJournals(): string[] {
  const known = new Set(registeredBots().map((b) => b.journal));
  if (existsSync('var'))
    for (const f of readdirSync('var')) if (/\.sqlite(\.previous)?$/.test(f)) known.add(resolve('var', f));
  return [...known].filter((j) => existsSync(j)).sort();
}

function nothingMatches(what: string): ConfigError {
  const known = knownJournals();
  return new ConfigError(
    `${what}; ${known.length === 0 ? 'no journal is known on this host' : `journals known on this host:\n  ${known.join('\n  ')}`}\n(name one: --journal FILE, or the bot's config: perpflow halt CONFIG)`,
  );
}

/**
 * Which journals `halt`/`resume` act on, and which running bots they reach:
 * - `--journal FILE`: that journal, and any running bot on it;
 * - `CONFIG`: the journal the config runs on (its mode's), and any running bot of that config or journal;
 * - neither: every bot running on this host (the registry), whatever its mode and journal.
 * Nothing matching is a ConfigError (exit 2) listing the journals known on this host.
 */
export function killSwitchTargets(o: {
  readonly journal?: string;
  readonly config?: string;
}): KillSwitchTarget[] {
  const running = runningBots();
  if (o.journal !== undefined || o.config !== undefined) {
    const config = o.config === undefined ? undefined : resolve(o.config);
    const journal =
      o.journal !== undefined || config === undefined ? resolve(o.journal ?? '') : journalOfConfig(config);
    const bots = running.filter(
      (b) => b.journal === journal || (config !== undefined && b.config === config),
    );
    if (!existsSync(journal) && bots.length === 0)
      throw nothingMatches(`no journal at ${journal} and no bot running on it`);
    const journals = [...new Set([journal, ...bots.map((b) => b.journal)])].filter((j) => existsSync(j));
    // Refuse a file that is not a journal before anything opens it (opening would create tables).
    for (const j of journals) assertPerpflowJournal(j);
    return journals.map((j) => ({
      journal: j,
      bots: withLeaseHolder(
        j,
        bots.filter((b) => b.journal === j),
      ),
    }));
  }
  if (running.length === 0) throw nothingMatches('no perpflow bot is running on this host');
  const journals = new Set(running.map((b) => b.journal));
  return [...journals].map((j) => ({ journal: j, bots: running.filter((b) => b.journal === j) }));
}

/** A bot that holds the journal's lease on this host but did not register (an older perpflow). */
function withLeaseHolder(journal: string, bots: readonly RunningBot[]): RunningBot[] {
  const out = [...bots];
  let j: ReturnType<typeof openExistingJournal> | undefined;
  try {
    j = openExistingJournal(journal);
    for (const l of leaseRows(j))
      if (
        l.host === hostname() &&
        l.pid !== process.pid &&
        !out.some((b) => b.pid === l.pid) &&
        botAlive(l.pid)
      )
        out.push({
          pid: l.pid,
          host: l.host,
          mode: 'unregistered',
          config: '?',
          journal,
          account: l.scope,
          startedAt: 0,
        });
  } catch {
    // not readable as a journal: the caller's own check names the problem
  } finally {
    j?.close();
  }
  return out;
}

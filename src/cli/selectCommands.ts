import type { Command } from 'commander';

/** One top-level command family: the names it registers and how to load its registration. */
export interface CommandEntry {
  readonly names: readonly string[];
  readonly load: () => Promise<(program: Command) => unknown>;
}

const asksVersion = (a: string): boolean => a === '-V' || a === '--version';
const asksHelp = (a: string): boolean => a === '-h' || a === '--help';

/**
 * The command families to load for these arguments (argv after the script). Only the family of
 * the command being run is imported, so a command's dependencies (fastify, the journal, zod
 * schemas…) cost nothing to the others. Anything else — the root help, `help X`, a typo that
 * commander should answer with "did you mean", a command missing from the table — loads them all,
 * which is slower but never wrong. The root options take no value, so the first word that is
 * not an option is the command.
 */
export function selectCommands(
  table: readonly CommandEntry[],
  args: readonly string[],
): readonly CommandEntry[] {
  const word = args.find((a) => !a.startsWith('-'));
  if (word === undefined) return args.some(asksVersion) && !args.some(asksHelp) ? [] : table;
  const chosen = table.filter((e) => e.names.includes(word));
  return chosen.length > 0 ? chosen : table;
}

/** Scores per folder from StrykerJS's JSON report (mutation-testing-report-schema). */
export interface ReportMutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  readonly location: { readonly start: { readonly line: number } };
}

export interface Report {
  readonly files: Readonly<Record<string, { readonly mutants: readonly ReportMutant[] }>>;
}

export interface FolderScore {
  readonly folder: string;
  readonly killed: number;
  /** Mutants that count: all but those that did not compile or run, and those ignored by a comment. */
  readonly valid: number;
  readonly survivors: readonly string[];
}

/** The folders a change is held to (test/MUTATIONS.md): at least GOAL killed in each. */
export const FOLDERS = [
  'src/execution',
  'src/journal',
  'src/scheduler',
  'src/risk',
  'src/kernel',
  'backtest/metrics',
] as const;
export const GOAL = 0.85;

const NOT_COUNTED = new Set(['CompileError', 'RuntimeError', 'Ignored', 'Pending']);
const KILLED = new Set(['Killed', 'Timeout']);

export function folderOf(file: string): string | undefined {
  return FOLDERS.find((f) => file.startsWith(`${f}/`));
}

/** Killed (or timed out) over valid mutants, per folder of `files` (only those in the report). */
export function scoresByFolder(report: Report, files: readonly string[]): FolderScore[] {
  const by = new Map<string, { killed: number; valid: number; survivors: string[] }>();
  for (const file of files) {
    const folder = folderOf(file);
    const entry = report.files[file];
    if (folder === undefined || entry === undefined) continue;
    const s = by.get(folder) ?? { killed: 0, valid: 0, survivors: [] };
    by.set(folder, s);
    for (const m of entry.mutants) {
      if (NOT_COUNTED.has(m.status)) continue;
      s.valid++;
      if (KILLED.has(m.status)) s.killed++;
      else
        s.survivors.push(
          `${file}:${m.location.start.line} ${m.mutatorName}${m.replacement === undefined ? '' : ` → ${m.replacement}`} (${m.status})`,
        );
    }
  }
  return [...by].map(([folder, s]) => ({ folder, ...s }));
}

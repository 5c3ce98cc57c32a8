import type { RecordLine } from '../kernel/record/recordLines.ts';
import type { SessionOutcome } from './replaySession.ts';

const at = (t: number): string => new Date(t).toISOString();

/** How many of the simulator's answers the text shows (what it took and how each ended). */
const SHOWN = 40;

function intentText(l: RecordLine): string {
  if (l.k !== 'i') return '';
  const x = l.x;
  const what = ['kind', 'symbol', 'side', 'quantity']
    .map((k) => Reflect.get(x, k))
    .filter((v) => v !== undefined);
  return `${at(l.t)} ${x.strategyId} ${what.map(String).join(' ')} (${x.intentId})`.replaceAll('§', '');
}

/** Whether the replay found the session's decisions other than recorded. */
export function diverged(o: SessionOutcome): boolean {
  return o.segments.some((s) => s.divergence !== undefined || s.startError !== undefined);
}

/** What `perpflow replay` prints. */
export function formatOutcome(o: SessionOutcome, wallMs: number): string {
  const lines: string[] = [];
  const speed = wallMs > 0 ? o.recordedMs / wallMs : Number.POSITIVE_INFINITY;
  lines.push(
    `replayed ${o.segments.length} process run(s), ${(o.recordedMs / 60_000).toFixed(1)} min of recorded time in ${(wallMs / 1000).toFixed(2)} s (${Math.round(speed)}× real time)`,
  );
  for (const s of o.segments) {
    const c = s.counts;
    lines.push(
      `run ${s.index} (${s.mode}) ${at(s.from)} → ${at(s.to)}: ${c.intents} intents, ${c.requests} request transitions, ${c.fills} fills — ${s.divergence === undefined && s.startError === undefined ? 'identical' : 'DIVERGED'}`,
    );
    const j = s.journalAtStart;
    if (j.recorded !== undefined && j.replayed !== undefined && j.recorded !== j.replayed)
      lines.push(
        `  the journal held ${j.recorded} requests when this run started, the replay's ${j.replayed}: the recording does not begin with the journal (an older journal, or a missing rotated file), so the replay can differ from the start`,
      );
    if (s.skewMs > 0)
      lines.push(
        `  intents decided up to ${s.skewMs} ms from their recorded clock readings (a live process's timers fire late)`,
      );
    for (const id of s.changedModules)
      lines.push(`  strategy ${id}: its module is not the recorded one (sha256 differs)`);
    if (s.startError !== undefined) lines.push(`  the replayed start failed: ${s.startError}`);
    const d = s.divergence;
    if (d !== undefined) {
      lines.push(`  first divergence at ${at(d.t)} (${d.stream}):`);
      lines.push(`    recorded: ${(d.recorded ?? '(nothing)').replaceAll('§', '')}`);
      lines.push(`    replayed: ${(d.replayed ?? '(nothing)').replaceAll('§', '')}`);
      const cause = s.notes.find((n) => n.t <= d.t && n.simulator !== true);
      if (cause !== undefined) lines.push(`    cause: ${cause.what} at ${at(cause.t)}`);
      else if (s.changedModules.length > 0)
        lines.push(`    cause: changed strategy module(s) ${s.changedModules.join(', ')}`);
    }
    if (s.onlyRecorded.length + s.onlyReplayed.length > 0 && d !== undefined) {
      lines.push(`  decisions only the recording has (${s.onlyRecorded.length}):`);
      for (const l of s.onlyRecorded.slice(0, 20)) lines.push(`    - ${intentText(l)}`);
      lines.push(`  decisions only the replay has (${s.onlyReplayed.length}):`);
      for (const l of s.onlyReplayed.slice(0, 20)) lines.push(`    + ${intentText(l)}`);
    }
    const simulated = s.notes.filter((n) => n.simulator === true);
    const taken = simulated.reduce((k, n) => k + (n.requests ?? 0), 0);
    if (simulated.length > 0)
      lines.push(
        `  ${taken} request(s) the recorded venue never saw, answered by the venue simulator (its fills, at the recorded marks, after its latency):`,
      );
    for (const n of simulated.slice(0, SHOWN)) lines.push(`    ${at(n.t)} ${n.what.replaceAll('§', '')}`);
    if (simulated.length > SHOWN)
      lines.push(`    … and ${simulated.length - SHOWN} more (--json has them all)`);
  }
  if (o.state !== undefined) {
    lines.push(`state at ${at(o.state.at)}:`);
    const pos = Object.entries(o.state.positions);
    lines.push(`  positions: ${pos.length === 0 ? 'none' : pos.map(([k, q]) => `${k} ${q}`).join(', ')}`);
    lines.push(`  open requests: ${o.state.open.length === 0 ? 'none' : ''}`);
    for (const r of o.state.open) lines.push(`    ${r.id} ${r.kind} ${r.symbol} ${r.status}`);
  }
  const n = o.segments.filter((s) => s.divergence !== undefined || s.startError !== undefined).length;
  lines.push(n === 0 ? '0 divergences: every intent, request and fill identical' : `${n} run(s) diverged`);
  return `${lines.join('\n')}\n`;
}

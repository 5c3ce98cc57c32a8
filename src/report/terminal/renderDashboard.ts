import { redactText } from '../../log/redact.ts';
import type { DashboardSnapshot } from './DashboardSnapshot.ts';

const ESC = '\x1b[';
const paint = (code: string) => (s: string) => `${ESC}${code}m${s}${ESC}0m`;
const PLAIN = (s: string) => s;

interface Palette {
  readonly bold: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly good: (s: string) => string;
  readonly bad: (s: string) => string;
  readonly warn: (s: string) => string;
}

const COLOURS: Palette = {
  bold: paint('1'),
  dim: paint('2'),
  good: paint('32'),
  bad: paint('31'),
  warn: paint('33'),
};
const NONE: Palette = { bold: PLAIN, dim: PLAIN, good: PLAIN, bad: PLAIN, warn: PLAIN };

/**
 * The live view as text: header (mode, venue, uptime, risk state), PnL, positions and those left
 * unprotected (a refused TP/SL), open requests,
 * prices with staleness, strategies and the latest events. Pure: the caller decides when to draw.
 * Event texts pass the redactor, as everything shown to a person does.
 */
export function renderDashboard(
  s: DashboardSnapshot,
  o: { readonly width: number; readonly colour: boolean },
): string {
  const p = o.colour ? COLOURS : NONE;
  const signed = (n: number) => (n > 0 ? p.good : n < 0 ? p.bad : PLAIN)(money(n));
  const state =
    s.risk.state === 'active'
      ? p.good('ACTIVE')
      : s.risk.state === 'reducing'
        ? p.warn('REDUCING')
        : p.bad('HALTED');
  const lines: string[] = [
    `${p.bold('perpflow')} ${s.mode} · ${s.venue} · up ${duration(s.now - s.startedAt)} · ${state}${s.risk.reason ? ` (${s.risk.reason})` : ''}${s.risk.haltedCapabilities.length > 0 ? ` · halted: ${s.risk.haltedCapabilities.join(', ')}` : ''}`,
    `PnL realised ${signed(s.pnl.realised)}  unrealised ${signed(s.pnl.unrealised)}  fees ${money(-s.pnl.fees)}  funding ${signed(s.pnl.funding)}`,
    '',
    p.bold(`Positions (${s.positions.length})`),
    ...table(
      ['strategy', 'market', 'side', 'qty', 'entry', 'mark', 'uPnL'],
      s.positions.map((x) => [
        x.strategy,
        x.market,
        x.side,
        num(x.quantity),
        num(x.entryPrice),
        x.mark === null ? '–' : num(x.mark),
        x.unrealised === null ? '–' : signed(x.unrealised),
      ]),
    ),
    // Its own lines, loud: a position without its TP/SL is the silent risk of issue #25.
    ...s.unprotected.map((u) =>
      p.bad(
        `UNPROTECTED ${u.market} ${u.side.toLowerCase()} ${num(u.quantity)} — TP/SL refused: ${redactText(u.reason)} (${u.strategy})`,
      ),
    ),
    '',
    p.bold(`Open requests (${s.openRequests.length})`),
    ...table(
      ['id', 'strategy', 'kind', 'market', 'status', 'age'],
      s.openRequests.map((r) => [
        r.id,
        r.strategy,
        r.kind,
        r.market,
        r.status === 'UNKNOWN' ? p.warn(r.status) : r.status,
        duration(r.ageMs),
      ]),
    ),
    '',
    p.bold('Prices'),
    ...table(
      ['market', 'price', 'age', ''],
      s.prices.map((x) => [
        x.market,
        num(x.price),
        duration(x.ageMs),
        x.stale ? p.bad('STALE') : p.good('fresh'),
      ]),
    ),
    '',
    p.bold('Strategies'),
    ...table(
      ['id', 'state', 'intents', 'failures'],
      s.strategies.map((x) => [
        x.id,
        x.state === 'paused' ? p.bad('paused') : x.state,
        String(x.intents),
        String(x.failures),
      ]),
    ),
    '',
    p.bold('Recent events'),
    ...s.events.map((e) => {
      const tag =
        e.level === 'critical' ? p.bad('CRIT') : e.level === 'warning' ? p.warn('WARN') : p.dim('info');
      return `${p.dim(new Date(e.at).toISOString().slice(11, 19))} ${tag} ${redactText(e.text)}`;
    }),
  ];
  return lines.map((l) => clip(l, o.width)).join('\n');
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  if (rows.length === 0) return ['  (none)'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => visible(r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((c, i) => c + ' '.repeat((widths[i] ?? 0) - visible(c).length)).join('  ')}`.trimEnd();
  return [line(head), ...rows.map(line)];
}

/** Text without colour codes: what takes room on the screen. */
function visible(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes start with ESC, a control character
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}

function clip(line: string, width: number): string {
  if (visible(line).length <= width) return line;
  // Cutting inside colour codes would leave the terminal coloured: cut the plain text instead.
  return `${visible(line).slice(0, Math.max(0, width - 1))}…`;
}

function money(n: number): string {
  return `${n < 0 ? '-' : ''}${Math.abs(n).toFixed(2)}`;
}

function num(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(8)));
}

function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

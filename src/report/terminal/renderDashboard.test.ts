import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import type { DashboardSnapshot } from './DashboardSnapshot.ts';
import { renderDashboard } from './renderDashboard.ts';
import { TerminalView } from './TerminalView.ts';

const T = Date.UTC(2026, 0, 1, 12);
const KEY = `ix.${'0f'.repeat(32)}`;
const snap: DashboardSnapshot = {
  mode: 'dry-run',
  venue: '127.0.0.1:8787',
  now: T,
  startedAt: T - 125_000,
  risk: { state: 'reducing', reason: 'daily loss limit', haltedCapabilities: [] },
  pnl: { realised: 12.5, unrealised: -3.25, fees: 0.75, funding: 0 },
  positions: [
    {
      strategy: 'sma-cross',
      market: 'BTCUSDT',
      side: 'LONG',
      quantity: 0.01,
      entryPrice: 64210.5,
      mark: 64100,
      unrealised: -1.105,
    },
  ],
  unprotected: [],
  openRequests: [
    { id: 'cr_1', strategy: 'grid', kind: 'open', market: 'ETHUSDT', status: 'UNKNOWN', ageMs: 4_000 },
  ],
  prices: [
    { market: 'BTCUSDT', price: 64100, ageMs: 800, stale: false },
    { market: 'ETHUSDT', price: 3120.5, ageMs: 9_000, stale: true },
  ],
  strategies: [{ id: 'sma-cross', state: 'running', intents: 4, failures: 0 }],
  events: [{ at: T - 1_000, level: 'warning', text: `venue refused ${KEY}` }],
};

describe('renderDashboard', () => {
  it('lays out state, PnL, positions, requests, prices, strategies and events, with secrets masked', () => {
    expect(renderDashboard(snap, { width: 120, colour: false }).split('\n')).toEqual([
      'perpflow dry-run · 127.0.0.1:8787 · up 2m05s · REDUCING (daily loss limit)',
      'PnL realised 12.50  unrealised -3.25  fees -0.75  funding 0.00',
      '',
      'Positions (1)',
      '  strategy   market   side  qty   entry    mark   uPnL',
      '  sma-cross  BTCUSDT  LONG  0.01  64210.5  64100  -1.10',
      '',
      'Open requests (1)',
      '  id    strategy  kind  market   status   age',
      '  cr_1  grid      open  ETHUSDT  UNKNOWN  4s',
      '',
      'Prices',
      '  market   price   age',
      '  BTCUSDT  64100   0s   fresh',
      '  ETHUSDT  3120.5  9s   STALE',
      '',
      'Strategies',
      '  id         state    intents  failures',
      '  sma-cross  running  4        0',
      '',
      'Recent events',
      `11:59:59 WARN venue refused ix.0…0f0f`,
    ]);
  });

  it('lists each unprotected position on its own line under the positions, in red, with the refusal redacted', () => {
    const refused = `INVALID_TPSL: takeProfit: 95010 must be above the mark 95020 for a LONG (key ${KEY})`;
    const frame = renderDashboard(
      {
        ...snap,
        unprotected: [
          { strategy: 'dca', market: 'BTCUSDT', side: 'LONG', quantity: 0.031, reason: refused },
          {
            strategy: 'grid',
            market: 'ETHUSDT',
            side: 'SHORT',
            quantity: 1.5,
            reason: 'FAILED: no reason given',
          },
        ],
      },
      { width: 200, colour: true },
    ).split('\n');
    const at = frame.indexOf('\x1b[1mOpen requests (1)\x1b[0m');
    expect(frame.slice(at - 3, at)).toEqual([
      '\x1b[31mUNPROTECTED BTCUSDT long 0.031 — TP/SL refused: INVALID_TPSL: takeProfit: 95010 must be above the mark 95020 for a LONG (key ix.0…0f0f) (dca)\x1b[0m',
      '\x1b[31mUNPROTECTED ETHUSDT short 1.5 — TP/SL refused: FAILED: no reason given (grid)\x1b[0m',
      '',
    ]);
    expect(frame.join('\n')).not.toContain(KEY);
  });

  it('clips every line to the terminal width', () => {
    const lines = renderDashboard(snap, { width: 30, colour: true }).split('\n');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes start with ESC
    expect(Math.max(...lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').length))).toBe(30);
  });
});

describe('TerminalView', () => {
  it('redraws in place on a TTY at its interval and draws nothing elsewhere', async () => {
    const clock = new VirtualClock(T);
    const tty: string[] = [];
    const pipe: string[] = [];
    const view = new TerminalView({
      clock,
      snapshot: () => snap,
      everyMs: 1_000,
      stream: { isTTY: true, columns: 100, write: (s) => tty.push(s) > 0 },
    });
    const quiet = new TerminalView({
      clock,
      snapshot: () => snap,
      stream: { isTTY: false, write: (s) => pipe.push(s) > 0 },
    });
    view.start();
    quiet.start();
    await clock.advance(2_500);
    view.stop();
    expect({
      frames: tty.filter((s) => s.startsWith('\x1b[H\x1b[J')).length,
      last: tty.at(-1),
      pipe,
    }).toEqual({
      frames: 3,
      last: '\x1b[?25h',
      pipe: [],
    });
  });
});

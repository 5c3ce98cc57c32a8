import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRiskCommands } from '../../src/cli/commands/risk.ts';
import { createProgram } from '../../src/cli/program.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { tempJournalPath } from './harness.ts';

async function run(...args: string[]): Promise<string> {
  const out: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  try {
    const program = createProgram();
    registerRiskCommands(program);
    await program.parseAsync(['node', 'perpflow', ...args]);
  } finally {
    spy.mockRestore();
  }
  return out.join('');
}

afterEach(() => {
  process.exitCode = 0;
});

describe('perpflow halt / resume / status', () => {
  it('latches a halt in the journal, shows it with the open requests, and resumes it by hand', async () => {
    const path = tempJournalPath();
    const { journal } = openJournal({ path, clock: new VirtualClock() });
    journal.insertRequests([sampleOpenRecord(1)]);
    journal.close();
    expect(await run('halt', '--journal', path, '--close-all', '--reason', 'drill')).toMatch(
      /^halted \(close-all requested\) in .*: latched for its next start; NO running bot uses it/,
    );
    const status = JSON.parse(await run('status', '--journal', path, '--json')) as Record<string, unknown>;
    expect(status.tradingState).toBe('halted');
    expect(status.reason).toBe('drill');
    expect(status.open).toEqual([expect.objectContaining({ id: 'cr_1', status: 'CREATED' })]);
    const reopened = openJournal({ path, clock: new VirtualClock() }).journal;
    expect(reopened.getMeta('closeAllRequested')).toBe('cli');
    reopened.close();
    await run('resume', '--journal', path);
    expect(await run('status', '--journal', path)).toMatch(/^trading {5}active/m);
  });

  it('exits 2 naming the path when the journal does not exist', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await run('status', '--journal', '/nonexistent/j.sqlite');
    err.mockRestore();
    expect(process.exitCode).toBe(2);
  });
});

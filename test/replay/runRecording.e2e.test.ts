import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingFiles } from '../../src/kernel/record/readRecording.ts';
import { recordingText } from '../../src/kernel/record/recordingText.ts';
import { fastConfig, perpflow, perpflowOutput, tempDir, until } from '../run/runHarness.ts';

/** An API key (`ix.` and 64 hex digits) or a JWT, as the sim account's setup mints them. */
const SECRET_SHAPED = /ix\.[0-9a-f]{64}|eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\./;

describe('perpflow run records by default in sim mode, and perpflow replay replays it', () => {
  it('a run killed with SIGKILL, then a run stopped with SIGINT: both replay identically, and no secret was recorded', async () => {
    const dir = tempDir();
    const config = fastConfig(dir, { mode: 'sim' });
    const killed = perpflow(['run', config]);
    await until(() => killed.count(/ opened BTCUSDT /) >= 1, 45_000, 'an open', killed);
    killed.child.kill('SIGKILL');
    await killed.exited;
    const second = perpflow(['run', config]);
    await until(
      () => second.count(/ opened BTCUSDT /) >= 2 && second.count(/ closed BTCUSDT /) >= 1,
      45_000,
      'opens and a close',
      second,
    );
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);

    const recording = join(dir, 'journal.sqlite.rec');
    expect(existsSync(recording)).toBe(true);
    expect(second.lines.some((l) => l.includes(`recording to ${recording}`))).toBe(true);
    // Each process's file, gzip, read as text: the killed one's (set aside) and the stopped one's.
    const files = recordingFiles(recording);
    expect(files.length).toBe(2);
    const text = files.map(recordingText).join('\n');
    expect(text).toMatch(/"k":"f"/);
    expect(SECRET_SHAPED.test(text)).toBe(false);

    const r = await perpflowOutput(['replay', recording]);
    expect(r.stdout).toMatch(/replayed 2 process run\(s\)/);
    expect(r.stdout).toMatch(/0 divergences: every intent, request and fill identical/);
    expect(r.code).toBe(0);
  }, 120_000);
});

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { ClientRequestId, TempId } from '../../domain/ids.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { MemoryJournal } from '../../journal/MemoryJournal.ts';
import { openJournal } from '../../journal/openJournal.ts';
import { sampleOpenRecord } from '../../journal/testRecord.ts';
import { engine, openOn } from '../../simulator/engine/testEngine.ts';
import {
  keepForJournal,
  paperAccountOf,
  paperAccountWriter,
  parsePaperAccount,
  persistingFetch,
  readPaperAccount,
} from './paperAccount.ts';

const tmpDir = (): string => mkdtempSync(join(tmpdir(), 'pf-paper-'));
const FRESH = 'start over with `perpflow run --fresh`, which keeps it as a backup';

describe('parsePaperAccount', () => {
  it("gives back an engine's snapshot as it was saved", () => {
    const snapshot = engine().e.snapshot();
    expect(parsePaperAccount(JSON.stringify(snapshot), 'p.json')).toEqual(snapshot);
  });

  it('refuses text that is no JSON, naming the account, the parse error and the way out', () => {
    let error: unknown;
    try {
      parsePaperAccount('{"version":', '/srv/p.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /^the paper account \/srv\/p\.json cannot be read \(.*JSON.*\): start over with `perpflow run --fresh`, which keeps it as a backup$/,
    );
  });

  it('refuses JSON that is not a snapshot of this version, each field checked', () => {
    const good = engine().e.snapshot() as unknown as Record<string, unknown>;
    const broken: unknown[] = [
      null,
      7,
      'text',
      { ...good, version: 2 },
      { ...good, subaccounts: {} },
      { ...good, requestsIssued: '3' },
      { ...good, quotesIssued: undefined },
      { ...good, requests: 'none' },
    ];
    for (const b of broken)
      expect(() => parsePaperAccount(JSON.stringify(b) ?? 'null', 'p.json'), JSON.stringify(b)).toThrow(
        new ConfigError(`p.json is not a paper account this perpflow can continue: ${FRESH}`),
      );
  });
});

describe('readPaperAccount', () => {
  it('is undefined when no paper account was saved yet', () => {
    expect(readPaperAccount(join(tmpDir(), 'none.paper.json'))).toBeUndefined();
  });

  it('reads and checks a saved one', () => {
    const file = join(tmpDir(), 'j.paper.json');
    const snapshot = engine().e.snapshot();
    writeFileSync(file, JSON.stringify(snapshot));
    expect(readPaperAccount(file)).toEqual(snapshot);
    writeFileSync(file, '[]');
    expect(() => readPaperAccount(file)).toThrow(`${file} is not a paper account this perpflow can continue`);
  });

  it('refuses a file it cannot read, naming it and why', () => {
    const file = join(tmpDir(), 'j.paper.json');
    mkdirSync(file);
    expect(() => readPaperAccount(file)).toThrow(
      new ConfigError(
        `the paper account ${file} cannot be read (EISDIR: illegal operation on a directory, read)`,
      ),
    );
  });
});

describe('paperAccountOf', () => {
  it("keeps a SQLite journal's paper account beside its file, written whole through a temporary file", () => {
    const dir = tmpDir();
    const { journal } = openJournal({ path: join(dir, 'run.sqlite'), clock: new VirtualClock() });
    const slot = paperAccountOf(journal);
    expect(slot?.where).toBe(join(dir, 'run.paper.json'));
    expect(slot?.read()).toBeUndefined();
    slot?.write('{"a":1}');
    slot?.write('{"a":2}');
    expect(slot?.read()).toBe('{"a":2}');
    expect(readFileSync(join(dir, 'run.paper.json'), 'utf8')).toBe('{"a":2}');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    journal.close();
  });

  it('has none for a journal in memory: nothing outlives the process', () => {
    const clock = new VirtualClock();
    expect(paperAccountOf(openJournal({ path: ':memory:', clock }).journal)).toBeUndefined();
    expect(paperAccountOf(new MemoryJournal(clock))).toBeUndefined();
  });
});

describe('keepForJournal', () => {
  it('keeps the last 10 s of answers, and older ones the journal still has open', () => {
    const clock = new VirtualClock();
    const journal = new MemoryJournal(clock);
    journal.insertRequests([sampleOpenRecord(1), sampleOpenRecord(2)]);
    for (const [n, to] of [
      [1, 'ACCEPTED'],
      [2, 'FILLED'],
    ] as const) {
      const id = ClientRequestId(`cr_${n}`);
      journal.transition(id, 'SUBMITTING');
      journal.transition(id, to, { tempId: TempId(`t-${n}`) });
    }
    const keep = keepForJournal(journal);
    expect(keep.answeredWithinMs).toBe(10_000);
    expect([...keep.asked()]).toEqual(['t-1']);
  });
});

describe('paperAccountWriter', () => {
  it("saves the engine's state when it changed, and only then", () => {
    const dir = tmpDir();
    const { journal } = openJournal({ path: join(dir, 'run.sqlite'), clock: new VirtualClock() });
    const slot = paperAccountOf(journal);
    if (slot === undefined) throw new Error('no slot');
    const { e, sub } = engine();
    const save = paperAccountWriter(e, slot, journal);
    save();
    expect(JSON.parse(slot.read() ?? '')).toEqual(e.snapshot());
    rmSync(slot.where);
    save();
    expect(existsSync(slot.where)).toBe(false);
    openOn(e, sub);
    save();
    expect(JSON.parse(slot.read() ?? '')).toEqual(e.snapshot());
    expect(JSON.parse(slot.read() ?? '').requestsIssued).toBe(1);
    journal.close();
  });
});

describe('persistingFetch', () => {
  it("saves after the simulator's answer and before the client sees it", async () => {
    const events: string[] = [];
    const answer = new Response('{}');
    const fetch = persistingFetch(
      async () => {
        events.push('answered');
        return answer;
      },
      () => events.push('saved'),
    );
    const got = await fetch(new Request('http://sim.invalid/v1/positions/all'));
    events.push('client');
    expect(got).toBe(answer);
    expect(events).toEqual(['answered', 'saved', 'client']);
  });
});

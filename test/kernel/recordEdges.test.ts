/**
 * The recording a sim run starts (recordEdges): its header, every venue answer and price poll,
 * what the journal held when the run took it, and the kernel's decisions through its tap — on
 * the edges the CLI builds for sim mode, against the in-process simulator.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { envRef } from '../../src/config/envReference.ts';
import { parseConfig } from '../../src/config/loadConfig.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { simEdges } from '../../src/kernel/edges/simEdges.ts';
import { decodeValue } from '../../src/kernel/record/recordCodec.ts';
import { recordEdges, recorderTap } from '../../src/kernel/record/recorderFor.ts';
import { recordingText } from '../../src/kernel/record/recordingText.ts';
import { RECORDING_VERSION } from '../../src/kernel/record/recordLines.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import type { VenuePort } from '../../src/venue/VenuePort.ts';

const SECRET = '7000000003:AArecordEdgesTokenAbcdefghijklmnopq';
/** A console user's scrypt hash: a secret the redactor knows only by its field's name. */
const HASH = `scrypt$16384$8$1$${'s'.repeat(16)}$${'h'.repeat(32)}`;

async function recordedSim(mode = 'sim', journalPath?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-recedges-'));
  const configFile = join(dir, 'bot.yaml');
  const config = parseConfig(
    `mode: ${mode}
journal: { path: "${journalPath ?? join(dir, 'j.sqlite')}" }
telegram:
  botToken: ${envRef('TG')}
console:
  users:
    - { name: alice, role: viewer, passwordHash: "${envRef('HASH')}" }
`,
    configFile,
    { env: { TG: SECRET, HASH } },
  );
  const clock = new VirtualClock(Date.UTC(2026, 10, 28, 8));
  const edges = await simEdges(config, {
    clock,
    log: silentLogger,
    inProcess: { prices: manualPrices({ BTCUSDT: 60_000 }) },
  });
  return { dir, config, configFile, clock, edges };
}

const linesOf = (path: string) =>
  recordingText(path)
    .trim()
    .split('\n')
    .map((l) => decodeValue<Record<string, unknown>>(l));

describe('recordEdges', () => {
  it('heads the recording with the run, records the venue and the prices, the journal at start, and the tap’s decisions, secrets masked', async () => {
    const { dir, config, configFile, clock, edges } = await recordedSim();
    const recorded = recordEdges(config, edges, { clock, configFile });
    if (recorded === undefined) throw new Error('a sim run records');
    const { recorder } = recorded;
    expect(recorder.path).toBe(join(dir, 'j.sqlite.rec'));
    await recorded.edges.venue.positions();
    await recorded.edges.prices.markPrices([MarketSymbol('BTCUSDT')]);
    const journal = new MemoryJournal(clock);
    journal.insertRequests([sampleOpenRecord(1), sampleOpenRecord(2)]);
    recorded.edges.attach?.(journal);
    const tap = recorderTap(recorder);
    tap.job?.('rebalance');
    tap.signal?.('halt');
    tap.action?.({ kind: 'closeAll', actionId: 'a1' }, { via: 'cli', name: 'ops', from: 'local' });
    tap.intent?.({ kind: 'open', intentId: 'i1' } as never);
    tap.event?.({ type: 'fillApplied', fill: { fillId: 'f1' } } as never);
    await recorded.edges.close();
    await recorder.close();
    const text = recordingText(recorder.path);
    expect(text).not.toContain(SECRET);
    const [header, ...rest] = linesOf(recorder.path);
    expect(header).toMatchObject({
      k: 'h',
      v: RECORDING_VERSION,
      t: Date.UTC(2026, 10, 28, 8),
      mode: 'sim',
      eph: edges.ephemeral,
      sub: edges.venue.subaccount,
      chain: edges.venue.chainId,
      file: configFile,
      mods: {},
    });
    expect((header?.cfg as { mode?: string } | undefined)?.mode).toBe('sim');
    expect(rest.map((l) => [l.k, l.op ?? l.n ?? null])).toEqual([
      ['c', 'positions'],
      ['p', null],
      ['o', 2],
      ['j', 'rebalance'],
      ['g', 'halt'],
      ['a', null],
      ['i', null],
      ['f', null],
    ]);
  });

  it('records nothing for a dry run or a journal in memory without a recording path', async () => {
    const dry = await recordedSim('dry-run');
    expect(
      recordEdges(dry.config, dry.edges, { clock: dry.clock, configFile: dry.configFile }),
    ).toBeUndefined();
    await dry.edges.close();
    const memory = await recordedSim('sim', ':memory:');
    expect(
      recordEdges(memory.config, memory.edges, { clock: memory.clock, configFile: memory.configFile }),
    ).toBeUndefined();
    await memory.edges.close();
  });

  it("masks the config's and the edges' secrets wherever a venue answer shows them", async () => {
    const { config, configFile, clock, edges } = await recordedSim();
    const session = 'edge-session-token-4242';
    // The sim client, its positions read refused with a message that echoes the secrets.
    const failing: VenuePort = Object.create(edges.venue, {
      positions: {
        value: async () => {
          throw new Error(`refused ${SECRET} with ${session} for ${HASH}`);
        },
      },
    });
    const recorded = recordEdges(
      config,
      { ...edges, venue: failing, secrets: [session] },
      { clock, configFile },
    );
    if (recorded === undefined) throw new Error('a sim run records');
    recorded.edges.attach?.(new MemoryJournal(clock)); // the file opens once the journal is held
    await expect(recorded.edges.venue.positions()).rejects.toThrow();
    await recorded.recorder.close();
    await edges.close();
    const text = recordingText(recorded.recorder.path);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(session);
    expect(text).not.toContain(HASH);
    expect(text).toContain('refused ');
  });

  it("begins each file rotation sets aside with the run's header again, marked as continued", async () => {
    const { dir, config, configFile, clock, edges } = await recordedSim();
    const recorded = recordEdges({ ...config, record: { ...config.record, maxBytes: 65_536 } }, edges, {
      clock,
      configFile,
    });
    if (recorded === undefined) throw new Error('a sim run records');
    recorded.edges.attach?.(new MemoryJournal(clock));
    // Incompressible lines: the limit counts bytes on disk, after gzip.
    for (let i = 0; i < 80; i++) {
      recorded.recorder.job(randomBytes(1_000).toString('hex'));
      await recorded.recorder.settled();
    }
    await recorded.recorder.close();
    await edges.close();
    const [first] = linesOf(join(dir, 'j.sqlite.rec'));
    expect(first).toMatchObject({ k: 'h', mode: 'sim', cont: true });
  });
});

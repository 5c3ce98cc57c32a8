import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { driveTo } from '../kernel/support/driveTo.ts';
import { said, shadowBot } from './support/shadowBot.ts';

const T1 = Date.UTC(2026, 0, 5);
const T2 = Date.UTC(2026, 0, 6);
const T3 = Date.UTC(2026, 0, 7);

/** The shadow journal's meta, read from its file. */
function metaOf(dir: string): Record<string, string> {
  const db = new DatabaseSync(join(dir, 'j.shadow.dry-run.sqlite'), { readOnly: true });
  try {
    const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  } finally {
    db.close();
  }
}

function setMeta(dir: string, key: string, value: string): void {
  const db = new DatabaseSync(join(dir, 'j.shadow.dry-run.sqlite'));
  try {
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(value, key);
  } finally {
    db.close();
  }
}

const gauge = async (b: Awaited<ReturnType<typeof shadowBot>>, name: string) =>
  (await b.kernel.metrics.registry.getMetricsAsJSON()).find((m) => m.name === name)?.values;

describe('a shadow across restarts of its bot', () => {
  it("moves the shadow engine with live's marks, serves fresh gauges, and removes them at its stop", async () => {
    const b = await shadowBot({ start: T1 });
    await driveTo(b.clock, T1 + 3 * 60_000);
    const first = await gauge(b, 'perpflow_shadow_matched_fills');
    await driveTo(b.clock, T1 + 9 * 60_000);
    const matched = b.shadow?.report().strategies[0]?.matched;
    // Read again minutes later: the report of now, not the one kept from the first scrape.
    expect(await gauge(b, 'perpflow_shadow_matched_fills')).toEqual([
      { labels: { strategy: 'flip' }, value: matched },
    ]);
    expect(first).not.toEqual(await gauge(b, 'perpflow_shadow_matched_fills'));
    const live = b.kernel.feed.latest('BTCUSDT' as never);
    await b.stop();
    expect(await gauge(b, 'perpflow_shadow_matched_fills')).toBeUndefined();
    // Live's strategies and the shadow's (flipper decides on ticks) are named idle by neither stop.
    expect(b.lines.filter((l) => /^(NO_HOOK_RAN|NO_INTENT): /.test(l.message))).toEqual([]);
    // The shadow's paper account, saved at its stop, holds live's last mark.
    const paper = JSON.parse(readFileSync(join(b.dir, 'j.shadow.dry-run.paper.json'), 'utf8'));
    expect(live?.mark).not.toBe(95_000); // the walk moved away from the simulator's first mark
    expect(paper.marks.BTCUSDT).toMatchObject({ mark: live?.mark });
  }, 60_000);

  it('continues the shadow journal unless fresh, keeps its start, begins a strategy added later from its own, and warns of another id scheme', async () => {
    const first = await shadowBot({ start: T1 });
    await driveTo(first.clock, T1 + 3 * 60_000);
    const scheme = first.kernel.intentIdScheme;
    await first.stop();
    expect(said(first.lines, 'warn').filter((m) => m.includes('intent ids'))).toEqual([]);
    expect(metaOf(first.dir)).toMatchObject({
      intentIdScheme: scheme,
      shadowSince: String(T1),
      'shadowSince:flip': String(T1),
    });

    // Restarted with hold shadowed too, on a venue that outlives the bot (not fresh).
    const second = await shadowBot({ dir: first.dir, start: T2, fresh: false, shadow: ['flip', 'hold'] });
    await driveTo(second.clock, T2 + 3 * 60_000);
    const report = second.shadow?.report();
    await second.stop();
    expect(existsSync(join(first.dir, 'j.shadow.dry-run.sqlite.previous'))).toBe(false);
    expect(metaOf(first.dir)).toMatchObject({
      intentIdScheme: scheme,
      shadowSince: String(T1),
      'shadowSince:flip': String(T1),
      'shadowSince:hold': String(T2),
    });
    expect(report?.since).toBe(T1);
    expect(said(second.lines, 'info')).toContain(
      `shadowing flip, hold: journal ${join(first.dir, 'j.shadow.dry-run.sqlite')}`,
    );
    expect(said(second.lines, 'warn').filter((m) => m.includes('intent ids'))).toEqual([]);
    // hold is compared from its own start: live's hold intents before it had no shadow to pair with.
    expect(report?.strategies.map((s) => [s.strategyId, s.since])).toEqual([
      ['flip', T1],
      ['hold', T2],
    ]);

    const other = scheme === 'sha256' ? 'hash96' : 'sha256';
    setMeta(first.dir, 'intentIdScheme', other);
    const third = await shadowBot({ dir: first.dir, start: T3, fresh: false });
    await third.stop();
    expect(said(third.lines, 'warn').filter((m) => m.includes('intent ids'))).toEqual([
      `shadow journal ${join(first.dir, 'j.shadow.dry-run.sqlite')} derives intent ids by ${other}, live by ${scheme}: no intent will pair; move it aside to start the shadow over`,
    ]);

    // Fresh (sim: live starts afresh): the last shadow set aside, and a new start.
    const fourth = await shadowBot({ dir: first.dir, start: T3 + 60_000, fresh: true });
    await fourth.stop();
    expect(existsSync(join(first.dir, 'j.shadow.dry-run.sqlite.previous'))).toBe(true);
    expect(metaOf(first.dir)).toMatchObject({ intentIdScheme: scheme, shadowSince: String(T3 + 60_000) });
  }, 120_000);
});

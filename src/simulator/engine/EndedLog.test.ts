import { describe, expect, it } from 'vitest';
import { EndedLog } from './EndedLog.ts';
import type { Request } from './state.ts';

const ended = (tempId: string, updatedAt: number): Request => ({ tempId, updatedAt }) as Request;
const ids = (rs: Iterable<Request>): string[] => [...rs].map((r) => r.tempId);

describe('EndedLog: ended requests by the time they ended', () => {
  it('finds those ended at or after a moment, the boundary included', () => {
    const log = new EndedLog();
    log.add([ended('b', 20), ended('a', 10)]);
    log.add([ended('c', 30)]);
    expect(ids(log.since(20))).toEqual(['b', 'c']);
    expect(ids(log.since(21))).toEqual(['c']);
    expect(ids(log.since(0))).toEqual(['a', 'b', 'c']);
    expect(ids(log.since(31))).toEqual([]);
  });

  it('puts a batch older than its tail in place (a restore of requests ended long ago)', () => {
    const log = new EndedLog();
    log.add([ended('late', 100)]);
    log.add([ended('old', 5), ended('mid', 50)]);
    expect(ids(log.since(40))).toEqual(['mid', 'late']);
  });

  it('drops the oldest while they are gone, and finds the rest as before', () => {
    const log = new EndedLog();
    const rows = Array.from({ length: 3000 }, (_, i) => ended(`r${i}`, i));
    log.add(rows);
    log.dropWhile((r) => r.updatedAt < 2500);
    expect(ids(log.since(0))).toHaveLength(500);
    expect(ids(log.since(2998))).toEqual(['r2998', 'r2999']);
    log.add([ended('x', 10)]);
    expect(ids(log.since(0))[0]).toBe('x');
  });

  it('a batch older than its tail, added after some rows were dropped, brings none of them back', () => {
    const log = new EndedLog();
    log.add([ended('a', 10), ended('b', 20), ended('c', 30)]);
    log.dropWhile((r) => r.updatedAt < 20);
    log.add([ended('old', 5)]);
    expect(ids(log.since(0))).toEqual(['old', 'b', 'c']);
  });
});

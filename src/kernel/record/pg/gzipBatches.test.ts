import { constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipBatches } from './gzipBatches.ts';

describe('one gzip stream cut into batches', () => {
  it('gives batches that, concatenated in order, decompress to the texts up to the last one', async () => {
    const g = new GzipBatches();
    const a = await g.batch('first line\n');
    const b = await g.batch('second line\n');
    g.close();
    expect(gunzipSync(Buffer.concat([a, b]), { finishFlush: constants.Z_SYNC_FLUSH }).toString()).toBe(
      'first line\nsecond line\n',
    );
  });

  it('refuses a batch once closed: its stream is freed', async () => {
    const g = new GzipBatches();
    await g.batch('a line\n');
    g.close();
    await expect(g.batch('too late\n')).rejects.toThrow();
  });
});

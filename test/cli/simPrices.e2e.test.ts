import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const NODE = 'node_modules/.bin/node';

/** `perpflow sim --prices FILE` as a user types it: the exit and what reaches the terminal. */
async function simWithPrices(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(NODE, ['src/cli/main.ts', 'sim', '--port', '0', '--prices', file], {
    timeout: 15_000,
    encoding: 'latin1',
  }).then(
    () => ({ code: 0, stdout: '', stderr: '' }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

describe('perpflow sim --prices with a bad file', () => {
  it('refuses a binary CSV with exit 2 and one printable line, never echoing its bytes', async () => {
    const r = await simWithPrices('test/fixtures/data/BTCUSDT-binary.csv');
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'error: test/fixtures/data/BTCUSDT-binary.csv not a text CSV: byte 33 is a NUL byte (a binary or UTF-16 file?)\n',
    });
  });

  it('refuses a zero price with exit 2, naming its line and column, instead of serving mark 0', async () => {
    const r = await simWithPrices('test/fixtures/data/XRPUSDT-zero-price.csv');
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: test/fixtures/data/XRPUSDT-zero-price.csv:3:22 open 0 is not a positive price\n',
    });
  });
});

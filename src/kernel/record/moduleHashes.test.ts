import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/loadConfig.ts';
import { builtinStrategyUrl } from '../../strategy/builtins.ts';
import { moduleFile, moduleHashes } from './moduleHashes.ts';

const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

describe('moduleHashes', () => {
  it("hashes each enabled strategy's entry file: relative to the config, absolute, or a built-in's own source; an unreadable one says so", () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-hashes-'));
    mkdirSync(join(dir, 'strategies'));
    writeFileSync(join(dir, 'strategies', 'mine.ts'), 'export default 1;\n');
    writeFileSync(join(dir, 'abs.ts'), 'export default 2;\n');
    const configFile = join(dir, 'bot.yaml');
    const config = parseConfig(
      `mode: sim
strategies:
  - { id: rel, module: ./strategies/mine.ts, markets: [BTCUSDT] }
  - { id: abs, module: ${join(dir, 'abs.ts')}, markets: [BTCUSDT] }
  - { id: off, module: ./strategies/mine.ts, markets: [BTCUSDT], enabled: false }
  - { id: gone, module: ./strategies/gone.ts, markets: [BTCUSDT] }
  - { id: sma, module: sma-cross, markets: [BTCUSDT] }
`,
      configFile,
      { env: {} },
    );
    expect(moduleHashes(config, configFile)).toEqual({
      rel: sha('export default 1;\n'),
      abs: sha('export default 2;\n'),
      gone: 'unreadable',
      sma: sha(readFileSync(fileURLToPath(builtinStrategyUrl('sma-cross')))),
    });
  });

  it('names the file a module is read from', () => {
    expect(moduleFile('./s/a.ts', '/srv/bot/bot.yaml')).toBe('/srv/bot/s/a.ts');
    expect(moduleFile('/opt/s/a.ts', '/srv/bot/bot.yaml')).toBe('/opt/s/a.ts');
    expect(moduleFile('breakout', '/srv/bot/bot.yaml')).toBe(fileURLToPath(builtinStrategyUrl('breakout')));
  });
});

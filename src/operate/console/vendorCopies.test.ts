import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const VENDOR = join(import.meta.dirname, 'assets/vendor');
const pkg = (name: string): string => join(import.meta.dirname, '../../../node_modules', name);

/**
 * assets/vendor/<file> is a copy of the installed package's browser build (the console loads no
 * CDN). The hooks import Preact by a relative path instead of the bare name: the page has no
 * import map, as the console's Content-Security-Policy allows no inline script.
 */
const COPIES = [
  ['preact.mjs', join(pkg('preact'), 'dist/preact.mjs'), ''],
  ['preact-hooks.mjs', join(pkg('preact'), 'hooks/dist/hooks.mjs'), 'from"preact"'],
  ['htm.mjs', join(pkg('htm'), 'dist/htm.mjs'), ''],
  [
    'lightweight-charts.mjs',
    join(pkg('lightweight-charts'), 'dist/lightweight-charts.standalone.production.mjs'),
    '',
  ],
] as const;

describe('the console vendor copies', () => {
  it.each(COPIES)(
    '%s equals the installed package build (refresh it after an upgrade from %s)',
    (file, from, bare) => {
      const want = readFileSync(from, 'utf8');
      const copy = readFileSync(join(VENDOR, file), 'utf8');
      expect(copy === (bare === '' ? want : want.replace(bare, 'from"./preact.mjs"'))).toBe(true);
    },
  );
});

/**
 * node test/console/takeScreenshots.ts [SECONDS] — the README's console pictures, from a real
 * `npm start` dry run (config/default.yaml, its journal in a temp dir): after SECONDS (default 90)
 * of trading, the dashboard on a desktop (1280 × 800, light) and on a phone (390 × 844, dark),
 * written to docs/console-desktop.png and docs/console-phone.png. Not a test: run it by hand
 * after the page changes, and look at the pictures.
 */
import { join } from 'node:path';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { launchChromium } from '../report/openInChromium.ts';
import { perpflow, tempDir, until } from '../run/runHarness.ts';

const SECONDS = Number(process.argv[2] ?? 90);
const DOCS = join(import.meta.dirname, '../../docs');
const dir = tempDir();
const bot = perpflow(
  ['run', 'config/default.yaml', '--fresh', '--journal', join(dir, 'journal.sqlite')],
  process.cwd(),
  {
    PERPFLOW_HOST_DIR: join(dir, 'host'),
  },
);
const LINK = /console login[^:]*: (https?:\/\/\S+token=\S+)/;
try {
  await until(() => bot.lines.some((l) => LINK.test(l)), 30_000, 'the console link', bot);
  const link = (LINK.exec(bot.lines.find((l) => LINK.test(l)) ?? '') as RegExpExecArray)[1] as string;
  await new SystemClock().sleep(SECONDS * 1000);
  const browser = await launchChromium();
  try {
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    await desktop.goto(link);
    await desktop.waitForSelector('#connection.live');
    await desktop.screenshot({ path: join(DOCS, 'console-desktop.png') });
    const phone = await browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      colorScheme: 'dark',
    });
    await phone.context().addCookies(await desktop.context().cookies());
    await phone.goto(new URL('/', link).href);
    await phone.waitForSelector('#connection.live');
    await phone.screenshot({ path: join(DOCS, 'console-phone.png') });
  } finally {
    await browser.close();
  }
} finally {
  bot.child.kill('SIGTERM');
  await bot.exited;
}

import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';

/**
 * README "Run your own strategy", word for word, as a user runs it: perpflow from the tarball
 * `npm pack` makes, installed in an empty folder outside this repository, with the user's npm
 * and Node (the system ones; the pinned Node 24 comes with the install). Nothing of this
 * checkout's node_modules is on PATH or linked. npm installs with --prefer-offline: what npm's
 * cache holds comes from it (the clone's `npm ci` leaves the tarballs there, but not the package
 * metadata a plain `npm install` resolves ranges with), the rest from the registry, once: with
 * the cache warm the whole test runs offline (checked with `npm install --offline`). Measured
 * 2026-11-28 on the shared 2-core machine, cache warm: 29–36 s with the dry run (the two installs 13 s and 12 s).
 */
const REPO = resolve(import.meta.dirname, '../..');
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];

/** The user's environment: no npm run variables, no node_modules/.bin of this checkout on PATH. */
function userEnv(hostDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(npm_|vitest|node_options$|force_color$)/i.test(key)) env[key] = value;
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((p) => !p.includes('node_modules'))
    .join(':');
  env.PERPFLOW_HOST_DIR = hostDir;
  env.NO_COLOR = '1';
  return env;
}

function sh(cwd: string, env: NodeJS.ProcessEnv, command: string, ...args: string[]) {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 240_000 });
  const out = { code: r.status, stdout: r.stdout, stderr: r.stderr };
  if (r.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return out;
}

/** Every symlink under `dir` (node_modules/.bin's own links aside) that leaves `dir`. */
function linksOutside(dir: string, root = dir): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) {
      if (!resolve(dir, readlinkSync(path)).startsWith(root)) found.push(path);
    } else if (entry.isDirectory()) found.push(...linksOutside(path, root));
  }
  return found;
}

describe('a strategy repository of your own, from the npm pack tarball', () => {
  it('installs, scaffolds, passes its test, backtests and runs in an empty folder, with no links into the clone', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'pf-own-'));
    const env = userEnv(join(tmp, 'host'));
    const packed = sh(REPO, env, 'npm', 'pack', '--pack-destination', tmp, '--json');
    const tarball = join(tmp, (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename ?? '');
    const repo = join(tmp, 'my-strategies');
    mkdirSync(repo);

    sh(repo, env, 'npm', 'install', ...NPM_FLAGS, tarball);
    expect(lstatSync(join(repo, 'node_modules/perpflow')).isSymbolicLink()).toBe(false);
    expect(sh(repo, env, 'npx', 'perpflow', '--version').stdout).toBe(
      `${(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version}\n`,
    );

    const made = sh(repo, env, 'npx', 'perpflow', 'new', 'strategy', 'my-idea');
    expect(made.stdout).toContain('bot.yaml names it: module: ./strategies/my-idea/index.ts');
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    expect(pkg.dependencies?.perpflow).toBe(`file:../${tarball.slice(tmp.length + 1)}`);
    expect(Object.keys(pkg.devDependencies ?? {})).toEqual(['vitest']);

    sh(repo, env, 'npm', 'install', ...NPM_FLAGS);
    expect(sh(repo, env, 'npm', 'test').stdout).toMatch(/Tests +3 passed/);
    expect(sh(repo, env, 'npx', 'perpflow', 'config', 'validate', 'bot.yaml').stdout).toBe('ok: bot.yaml\n');
    const backtest = sh(
      repo,
      env,
      'npx',
      'perpflow',
      'backtest',
      'bot.yaml',
      '--data',
      'XRPUSDT=node_modules/perpflow/data/samples/XRPUSDT-PERP-1h.csv',
    );
    expect(backtest.stdout).toMatch(/\n[1-9]\d* trades; final equity /);

    // `npx perpflow run bot.yaml`: a dry run that starts trading and stops cleanly on Ctrl-C.
    const bot = spawn('npx', ['perpflow', 'run', 'bot.yaml'], {
      cwd: repo,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, which Ctrl-C signals as a whole, as a terminal does: npx, the
      // shell npm starts the bin in, and perpflow.
      detached: true,
    });
    let out = '';
    const exited = new Promise<void>((done) => bot.once('exit', () => done()));
    // Trading, or gone (the test then fails on its output): the test's timeout bounds the wait.
    const started = new Promise<void>((done) => {
      for (const stream of [bot.stdout, bot.stderr])
        stream.on('data', (c: Buffer) => {
          out += c.toString();
          if (/trading: my-idea on XRPUSDT/.test(out)) done();
        });
      void exited.then(done);
    });
    const group = -(bot.pid ?? 0);
    // A test that fails or times out leaves no bot behind.
    onTestFinished(() => {
      if (bot.exitCode === null && bot.signalCode === null) process.kill(group, 'SIGKILL');
    });
    await started;
    process.kill(group, 'SIGINT');
    await exited;
    expect(out).toMatch(/stopped: 0 open positions/);
    expect(linksOutside(repo)).toEqual([]);
  }, 300_000);
});

#!/usr/bin/env node
// Thin launcher: perpflow is TypeScript run by Node 24's type stripping. When started by a
// Node older than 24 (for example `npx perpflow` on a Node 20 machine) it re-executes itself
// with the Node 24 binary pinned in node_modules, and fails with a clear message otherwise.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BACKTEST_NODE_FLAGS } from './backtestNodeFlags.js';
import { LAUNCHER_PID_ENV, watchLauncher } from './launcherLifeline.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
const entry = join(root, 'src', 'cli', 'main.ts');

const args = process.argv.slice(2);
// `--version` is answered here from package.json: it needs neither Node 24 nor any TypeScript, so
// a script that checks for perpflow pays a bare Node start (`npm run bench -- startup`).
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}\n`);
  process.exit(0);
}
/**
 * A backtest needs V8 flags (backtestNodeFlags.js). V8 sizes its heap when it starts, so the
 * flags must be on Node's command line: such a command replaces this process (`process.execve`,
 * the same pid; a bare Node start, ≈ 30 ms, measured 28 against 56 ms for `node -e 0`) with one
 * that has them.
 */
const wantsHeapFlags =
  args[0] === 'backtest' &&
  !args.includes('--help') &&
  !args.includes('-h') &&
  // A size the user chose (on the command line or in NODE_OPTIONS) stands.
  ![...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(' ')].some((a) =>
    a.startsWith('--max-semi-space-size'),
  );

if (major >= 24 && wantsHeapFlags && typeof process.execve === 'function') {
  const self = fileURLToPath(import.meta.url);
  process.execve(process.execPath, [
    process.execPath,
    ...BACKTEST_NODE_FLAGS,
    ...process.execArgv,
    self,
    ...args,
  ]);
} else if (major >= 24) {
  // Here, before the first TypeScript file: main.ts turns the cache on too, but only after Node
  // has type-stripped main.ts itself, and that one uncached strip loads the stripper (about 40 ms
  // of a 60 ms `--version`). With every file cached, no stripping happens at all.
  module.enableCompileCache();
  watchLauncher();
  (await import('./moduleHooks.js')).registerHooksIfInstalled();
  await import(pathToFileURL(entry).href);
} else {
  const pinned = [
    join(root, 'node_modules', 'node', 'bin', 'node'),
    join(root, '..', 'node', 'bin', 'node'),
  ].find((p) => existsSync(p));
  if (pinned === undefined) {
    process.stderr.write(
      `perpflow needs Node.js 24 or newer (this is ${process.version}). Run \`npm install\` in the project, ` +
        'which installs the pinned Node 24, or install Node 24 yourself.\n',
    );
    process.exit(2);
  }
  // This launcher again, on Node 24 with the heap flags its command wants: it turns the compile
  // cache on and registers the module hooks before loading perpflow.
  const child = spawn(
    pinned,
    [...(wantsHeapFlags ? BACKTEST_NODE_FLAGS : []), fileURLToPath(import.meta.url), ...args],
    // fd 3, the lifeline (launcherLifeline.js): its end here closes when this launcher dies.
    {
      stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
      env: { ...process.env, [LAUNCHER_PID_ENV]: String(process.pid) },
    },
  );
  // Whoever stops this launcher (a service manager, `kill`, Ctrl-C) means the real perpflow:
  // forward the signal, then leave with the child's own exit code once it has stopped.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGUSR2']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('error', (e) => {
    process.stderr.write(`perpflow: cannot start ${pinned}: ${e.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    // A child ended by a signal exits as shells report it: 128 + the signal number.
    process.exit(code ?? 128 + (signal === null ? 0 : (os.constants.signals[signal] ?? 0)));
  });
}

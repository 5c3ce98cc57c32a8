#!/usr/bin/env node
// Thin launcher: perpflow is TypeScript run by Node 24's type stripping. When started by a
// Node older than 24 (for example `npx perpflow` on a Node 20 machine) it re-executes itself
// with the Node 24 binary pinned in node_modules, and fails with a clear message otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
const entry = join(root, 'src', 'cli', 'main.ts');

if (major >= 24) {
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
  const child = spawnSync(pinned, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}

// Module hooks that let perpflow run where Node alone would refuse it. Plain JavaScript: the
// launcher registers them before it loads any TypeScript, which is what they make loadable.
//
// 1. `import … from 'perpflow'` in a strategy module resolves to the perpflow that is running,
//    wherever the module lives (its own repository, a temporary folder) and whether perpflow
//    runs from a clone or from a project's node_modules: one framework, one defineStrategy.
// 2. A bare import a strategy's folder cannot resolve (zod, trading-signals…) is resolved from
//    perpflow's own dependencies; the folder's own node_modules wins when it has the package.
// 3. Installed under node_modules, perpflow's own .ts files are stripped of their types here:
//    Node's built-in type stripping refuses every file under node_modules.
import { readFileSync, realpathSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '..'));
const rootPackageUrl = pathToFileURL(join(root, 'package.json')).href;
const rootUrl = pathToFileURL(root + sep).href;
const ownDependenciesUrl = `${rootUrl}node_modules/`;
const REGISTERED = Symbol.for('perpflow.moduleHooks');

/** Whether this perpflow runs from under node_modules, where its .ts files load only through the hooks. */
export const INSTALLED = root.split(sep).includes('node_modules');

function isBare(specifier) {
  return !/^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

function resolve(specifier, context, nextResolve) {
  if (specifier === 'perpflow' || specifier.startsWith('perpflow/'))
    return nextResolve(specifier, { ...context, parentURL: rootPackageUrl });
  try {
    return nextResolve(specifier, context);
  } catch (error) {
    const fromOutside = context.parentURL !== undefined && !context.parentURL.startsWith(rootUrl);
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !isBare(specifier) || !fromOutside) throw error;
    try {
      return nextResolve(specifier, { ...context, parentURL: rootPackageUrl });
    } catch {
      throw error;
    }
  }
}

/**
 * Node's own strip-only mode (positions kept, so stack traces point at the .ts source). The API
 * warns once per process that it is experimental: perpflow chose it, the user did not, so that
 * one warning (and only it) is dropped instead of being printed by every command.
 */
function stripTypes(code) {
  const emit = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (String(warning).startsWith('stripTypeScriptTypes is an experimental feature')) return;
    emit.call(process, warning, ...rest);
  };
  try {
    return stripTypeScriptTypes(code, { mode: 'strip' });
  } finally {
    process.emitWarning = emit;
  }
}

function load(url, context, nextLoad) {
  if (url.startsWith(rootUrl) && !url.startsWith(ownDependenciesUrl) && /\.m?ts$/.test(url)) {
    const source = stripTypes(readFileSync(fileURLToPath(url), 'utf8'));
    return { format: 'module', source, shortCircuit: true };
  }
  return nextLoad(url, context);
}

/**
 * At the start of a thread that loads perpflow's TypeScript (the launcher, a worker): installed
 * under node_modules those files load only through the hooks (Node does not strip types there),
 * so they go in first. In a clone no file of perpflow needs them: the strategy loader registers
 * them before it imports a strategy from a path. Registered hooks see every resolution of the
 * ≈ 1,100 modules a backtest loads: 10–15 ms of CPU, measured.
 */
export function registerHooksIfInstalled() {
  if (INSTALLED) registerPerpflowHooks();
}

/** Registers the hooks once per thread (later calls do nothing; each worker registers its own). */
export function registerPerpflowHooks() {
  if (globalThis[REGISTERED] === true) return;
  globalThis[REGISTERED] = true;
  registerHooks(INSTALLED ? { resolve, load } : { resolve });
}

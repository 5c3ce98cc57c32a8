// A sweep worker's entry. Plain JavaScript: installed under node_modules, perpflow's .ts files load
// only through the module hooks of bin/moduleHooks.js, and a worker registers them for itself
// before its first TypeScript file, as the launcher does (a .ts entry there never started).
import { enableCompileCache } from 'node:module';

// A worker loads every module again: with the compile cache on before that, it reuses what the
// CLI (or an earlier worker) compiled instead of type-stripping and compiling it all anew.
enableCompileCache();
(await import('../../bin/moduleHooks.js')).registerHooksIfInstalled();
await import('./sweepWorker.ts');

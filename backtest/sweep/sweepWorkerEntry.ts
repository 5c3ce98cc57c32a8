import { enableCompileCache } from 'node:module';

// A worker loads every module again: with the compile cache on before that, it reuses what the
// CLI (or an earlier worker) compiled instead of type-stripping and compiling it all anew.
enableCompileCache();
await import('./sweepWorker.ts');

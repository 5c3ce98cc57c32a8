/** The package root, for strategy authors: `import { defineStrategy } from 'perpflow'`. */
export * from './strategy/index.ts';

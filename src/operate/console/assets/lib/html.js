// @ts-check
// htm bound to Preact: JSX-like templates with no build step.
import htm from 'htm';
import { h } from 'preact';

// htm's types describe a CommonJS module, its browser build is ESM with htm as the default export.
/** @type {{ bind: (hyperscript: typeof h) => (strings: TemplateStringsArray, ...values: any[]) => any }} */
const tag = /** @type {any} */ (htm);

export const html = tag.bind(h);

// @ts-check
// htm bound to Preact: JSX-like templates with no build step.
import htm from '../vendor/htm.mjs';
import { h } from '../vendor/preact.mjs';

/** @type {(strings: TemplateStringsArray, ...values: any[]) => any} */
export const html = htm.bind(h);

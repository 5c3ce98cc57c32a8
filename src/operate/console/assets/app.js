// @ts-check
// The console's entry point (index.html loads it as a module).
import { render } from 'preact';
import { html } from './lib/html.js';
import { App } from './views/App.js';

const root = document.getElementById('app');
if (root) render(html`<${App} />`, root);

// @ts-check
// The console's entry point (index.html loads it as a module).

import { html } from './lib/html.js';
import { render } from './vendor/preact.mjs';
import { App } from './views/App.js';

const root = document.getElementById('app');
if (root) render(html`<${App} />`, root);

// @ts-check
// Each strategy: its state, a pause/resume button, its latest decisions and denials.
import { clockTime } from '../lib/format.js';
import { html } from '../lib/html.js';
import { href } from '../lib/route.js';
import { useAction } from '../lib/useAction.js';
import { Outcome } from './Outcome.js';

/** @typedef {import('../../../api/contract.ts').StrategyView} StrategyView */

/**
 * @template {{ readonly at: number }} T
 * @param {readonly T[]} xs
 * @returns {T[]}
 */
function newestFirst(xs) {
  return [...xs].sort((x, y) => y.at - x.at);
}

/** @param {{ s: StrategyView, canAct: boolean }} props */
function StrategyCard({ s, canAct }) {
  const { busy, result, run } = useAction();
  const paused = s.state === 'paused';
  const decisions = newestFirst(s.latestDecisions);
  const denials = newestFirst(s.latestDenials);
  return html`<section class="card strategy" data-strategy=${s.id}>
    <h2>${s.id} <span class=${`tag ${s.state}`}>${s.state}</span></h2>
    <div class="row">
      ${s.markets.map((m) => html`<a href=${href('market', m)}>${m}</a>`)}
      <span class="sub">${s.intents} intents · ${s.droppedWhilePaused} dropped while paused · ${s.failures} failures</span>
    </div>
    ${
      canAct &&
      html`<div class="row">
        <button type="button" disabled=${busy}
          onClick=${() => run({ kind: paused ? 'unpause' : 'pause', strategy: s.id })}>${paused ? 'Resume' : 'Pause'}</button>
        <${Outcome} result=${result} />
      </div>`
    }
    <details><summary>Parameters</summary><pre>${JSON.stringify(s.params, null, 2)}</pre></details>
    <h3>Latest decisions</h3>
    ${
      decisions.length === 0
        ? html`<p class="empty">None yet.</p>`
        : html`<ul class="list">${decisions.map((d) => html`<li><time>${clockTime(d.at)}</time> ${d.text}</li>`)}</ul>`
    }
    <h3>Latest denials</h3>
    ${
      denials.length === 0
        ? html`<p class="empty">None.</p>`
        : html`<ul class="list">${denials.map(
            (d) =>
              html`<li><time>${clockTime(d.at)}</time> ${d.text} <span class="sub">${d.reason}</span></li>`,
          )}</ul>`
    }
  </section>`;
}

/** @param {{ strategies: Readonly<Record<string, StrategyView>>, canAct: boolean }} props */
export function Strategies({ strategies, canAct }) {
  const all = Object.values(strategies).sort((a, b) => a.id.localeCompare(b.id));
  return html`<div class="page">
    ${all.length === 0 ? html`<p class="empty">No strategy.</p>` : all.map((s) => html`<${StrategyCard} key=${s.id} s=${s} canAct=${canAct} />`)}
  </div>`;
}

// @ts-check
// A request's pushed step (RequestChange) applied to the requests the page holds. The bot pushes
// the step, not the history: reading it from the journal for every transition, and sending it
// whole to every session, was most of what the console cost a busy bot.
import { SETTLED } from './settled.js';

/** @typedef {import('../../../api/contract.ts').RequestView} RequestView */
/** @typedef {import('../../../api/contract.ts').RequestChange} RequestChange */

/**
 * The requests in flight after `c`: a settled one leaves (the page shows those in flight only; a
 * busy bot settles hundreds a second), one heard of first starts from the journal's first row
 * (`from` at `createdAt`), as GET /requests would show it.
 * @param {Readonly<Record<string, RequestView>>} requests
 * @param {RequestChange} c
 * @returns {Readonly<Record<string, RequestView>>}
 */
export function withRequestChange(requests, c) {
  const { [c.id]: held, ...others } = requests;
  if (SETTLED.has(c.status)) return others;
  const history = held?.history ?? [{ status: c.from, at: c.createdAt }];
  return {
    ...others,
    [c.id]: {
      id: c.id,
      strategy: c.strategy,
      kind: c.kind,
      market: c.market,
      status: c.status,
      createdAt: c.createdAt,
      history: [...history, { status: c.status, at: c.at }],
    },
  };
}

import { existsSync } from 'node:fs';
import { openReadOnlyJournal, type ReadOnlyJournal } from '../../journal/readOnlyJournal.ts';
import { SHADOW_SINCE, shadowSinceOf } from '../../kernel/shadow/shadowSince.ts';
import type { DriftJournal } from '../../report/drift/driftJournal.ts';
import { type DriftReport, driftReport } from '../../report/drift/driftReport.ts';

const sideOf = (j: ReadOnlyJournal): DriftJournal => ({ requests: j.origins(), fills: j.fills() });

/**
 * `perpflow status`'s drift section: the journal against its shadow's (`shadowFile`), for every
 * strategy the shadow journaled; undefined when there is no shadow journal. Read-only, as the rest.
 */
export function statusDrift(live: ReadOnlyJournal, shadowFile: string | undefined): DriftReport | undefined {
  if (shadowFile === undefined || !existsSync(shadowFile)) return undefined;
  const shadow = openReadOnlyJournal(shadowFile);
  try {
    return driftReport(sideOf(live), sideOf(shadow), {
      strategies: shadow.strategyCounts().map((s) => s.strategyId),
      since: Number(shadow.meta(SHADOW_SINCE) ?? 0),
      sinceOf: (id) => shadowSinceOf((k) => shadow.meta(k), id),
    });
  } finally {
    shadow.close();
  }
}

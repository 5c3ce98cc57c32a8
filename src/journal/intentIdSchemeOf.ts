import { IntentIdScheme, isIntentIdScheme, NEW_INTENT_ID_SCHEME } from '../domain/intentId.ts';
import { JournalError } from '../errors/JournalError.ts';
import type { JournalPort } from './JournalPort.ts';

/** The meta key naming the scheme of the journal's intent ids. */
export const INTENT_ID_SCHEME = 'intentIdScheme';

/**
 * The scheme of this journal's intent ids, latched in its meta on first use: a restarted bot
 * must derive the very ids its journal holds, or a signal repeated after an upgrade would trade
 * twice. A new journal takes the new scheme. One that holds requests but names no scheme was made
 * before schemes were named, when every id was sha256: it keeps sha256 for good.
 */
export function intentIdSchemeOf(journal: JournalPort): IntentIdScheme {
  const named = journal.getMeta(INTENT_ID_SCHEME);
  if (named !== undefined) {
    if (isIntentIdScheme(named)) return named;
    throw new JournalError(
      `journal ${journal.path} names intent id scheme "${named}", which this perpflow does not know: a newer version wrote it; run that version or newer`,
      { details: { journal: journal.path, scheme: named } },
    );
  }
  const scheme = journal.all().length > 0 ? IntentIdScheme.sha256 : NEW_INTENT_ID_SCHEME;
  journal.setMeta(INTENT_ID_SCHEME, scheme);
  return scheme;
}

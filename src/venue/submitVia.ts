import type { BatchAck, SubmitAck, SubmitGroup, VenueActions } from './VenuePort.ts';

/** The endpoint a group goes to: the single one for one item, the batch one for more. */
export function submitOperation(group: SubmitGroup): keyof VenueActions {
  const one = group.items.length === 1;
  switch (group.kind) {
    case 'open':
      return one ? 'openPosition' : 'batchOpen';
    case 'close':
      return one ? 'closePosition' : 'batchClose';
    case 'cancelOpen':
      return one ? 'cancelOpen' : 'batchCancelOpen';
    case 'cancelClose':
      return one ? 'cancelClose' : 'batchCancelClose';
  }
}

/**
 * `VenuePort.submit` over an adapter's endpoints: one call, the single endpoint for one item (the
 * venue's cheaper path, and the wire traffic the polls-per-fill figures were measured on), the
 * batch endpoint otherwise. An empty group is a bug in the caller, not a venue call.
 */
export function submitVia(actions: VenueActions, group: SubmitGroup): Promise<SubmitAck | BatchAck> {
  if (group.items.length === 0) return Promise.reject(new Error(`submit: an empty ${group.kind} group`));
  const one = group.items.length === 1;
  switch (group.kind) {
    case 'open': {
      const [only] = group.items;
      return one && only !== undefined ? actions.openPosition(only) : actions.batchOpen(group.items);
    }
    case 'close': {
      const [only] = group.items;
      return one && only !== undefined ? actions.closePosition(only) : actions.batchClose(group.items);
    }
    case 'cancelOpen': {
      const [only] = group.items;
      return one && only !== undefined ? actions.cancelOpen(only) : actions.batchCancelOpen(group.items);
    }
    case 'cancelClose': {
      const [only] = group.items;
      return one && only !== undefined ? actions.cancelClose(only) : actions.batchCancelClose(group.items);
    }
  }
}

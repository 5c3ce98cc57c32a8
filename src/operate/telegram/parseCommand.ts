import type { OperatorAction } from '../api/contract.ts';

export const READS = [
  'status',
  'positions',
  'profit',
  'daily',
  'balance',
  'strategies',
  'help',
  'start',
] as const;
export type ReadCommand = (typeof READS)[number];

/** An acting command's action without its id: the id is chosen when the confirmation is offered. */
export type ActionDraft = OperatorAction extends infer A
  ? A extends OperatorAction
    ? Omit<A, 'actionId'>
    : never
  : never;

export type Command =
  | { readonly type: 'read'; readonly name: ReadCommand }
  | { readonly type: 'act'; readonly draft: ActionDraft }
  | { readonly type: 'usage'; readonly text: string }
  | { readonly type: 'unknown'; readonly name: string };

const isRead = (name: string): name is ReadCommand => READS.some((r) => r === name);

/** `/close@my_bot BTCUSDT` → the command and its arguments; undefined when the text is no command. */
export function parseCommand(text: string): Command | undefined {
  const m = /^\/([A-Za-z_]+)(?:@\w+)?(?:\s+(.*))?$/s.exec(text.trim());
  if (m === null) return undefined;
  const name = (m[1] ?? '').toLowerCase();
  const args = (m[2] ?? '').trim();
  const one = args.split(/\s+/)[0] ?? '';
  if (isRead(name)) return { type: 'read', name };
  switch (name) {
    case 'halt':
      return { type: 'act', draft: { kind: 'halt', ...(args === '' ? {} : { reason: args.slice(0, 200) }) } };
    case 'resume':
      return { type: 'act', draft: { kind: 'resume' } };
    case 'pause':
    case 'unpause':
      return one === ''
        ? { type: 'usage', text: `Usage: /${name} STRATEGY (see /strategies)` }
        : { type: 'act', draft: { kind: name, strategy: one } };
    case 'close':
      if (one === '') return { type: 'usage', text: 'Usage: /close MARKET, or /close all' };
      return {
        type: 'act',
        draft:
          one.toLowerCase() === 'all' ? { kind: 'closeAll' } : { kind: 'close', market: one.toUpperCase() },
      };
    case 'cancel':
      return one === ''
        ? { type: 'usage', text: 'Usage: /cancel REQUEST (a request id)' }
        : { type: 'act', draft: { kind: 'cancel', requestId: one } };
    default:
      return { type: 'unknown', name };
  }
}

/** The question the confirmation button answers. */
export function describeDraft(d: ActionDraft): string {
  switch (d.kind) {
    case 'halt':
      return `Halt trading${d.reason === undefined ? '' : ` (${d.reason})`}? New opens stop; closes still pass.`;
    case 'resume':
      return 'Resume trading?';
    case 'pause':
      return `Pause strategy ${d.strategy}? Its intents are dropped until /unpause.`;
    case 'unpause':
      return `Unpause strategy ${d.strategy}?`;
    case 'close':
      return `Close every position on ${d.market}?`;
    case 'closeAll':
      return 'Close ALL positions?';
    case 'cancel':
      return `Cancel request ${d.requestId}?`;
    case 'setTpSl':
      return `Set TP/SL on ${d.market}?`;
  }
}
